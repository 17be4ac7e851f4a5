// Starts the bundled server as a child process on a free port: shared by the tests and bench-start.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENVIRONMENT, SERVER_V8_FLAGS } from '../../src/runtime-flags.mjs';
import { freePort } from '../../src/test/free-port';

export { freePort };

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves with the exit code (or the signal name when killed). */
  exited: Promise<number | string>;
  output(): string;
}

/**
 * `entry` is the bundle to run, or node's arguments (e.g. ['--import', 'tsx', 'src/cli/entry.ts']
 * for the sources); with `executable` (the single executable), the arguments it is given.
 */
export function spawnServer(entry: string | string[], env: Record<string, string>, port: number, options: { executable?: string; cwd?: string } = {}): ServerProcess {
  // The bundle runs with the V8 flags and environment npm start and the systemd unit give it.
  const child = spawn(options.executable ?? process.execPath, Array.isArray(entry) ? entry : [...SERVER_V8_FLAGS, entry], {
    cwd: options.cwd ?? projectRoot,
    env: { ...process.env, ...SERVER_ENVIRONMENT, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: '0', DAILY_BACKUPS_KEPT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** One GET; resolves with the status, or 0 when nothing answers. */
export function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.setTimeout(2000, () => { request.destroy(); resolve(0); });
  });
}

/** Polls /api/health until it answers 200; returns the milliseconds since `since`. */
export async function waitForHealth(server: ServerProcess, since = performance.now(), timeoutMs = 20_000, pollMs = 5): Promise<number> {
  let exitedEarly: number | string | null = null;
  void server.exited.then((code) => { exitedEarly = code; });
  while (performance.now() - since < timeoutMs) {
    if (exitedEarly !== null) throw new Error(`server exited (${exitedEarly}) before answering:\n${server.output()}`);
    if ((await getStatus(`${server.url}/api/health`)) === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** JSON request helper with keep-alive off, so a killed server leaves nothing hanging. */
export function requestJson(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(url, {
      method,
      agent: false,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}
