// The server started from the command line as other programs start it: by a parent process with an
// IPC channel (the kiosk's way), and with the browser opened for the person who double-clicked it.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/free-port';
import type { ServerMessage } from './parent-channel';
import { browserOpener } from './serve';

const scratch = mkdtempSync(path.join(tmpdir(), 'serve-command-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const ENTRY = path.join(projectRoot, 'src', 'cli', 'entry.ts');

function environment(dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: '0', DAILY_BACKUPS_KEPT: '0', CLIENT_DIR: path.join(scratch, 'no-client'), ...extra };
}

/** Forks the command line as the kiosk does: with an IPC channel, no command (the server). */
function forkServer(env: NodeJS.ProcessEnv): { child: ChildProcess; messages: ServerMessage[]; next(): Promise<ServerMessage>; exited: Promise<number | null> } {
  const child = fork(ENTRY, [], { cwd: projectRoot, env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.push(child);
  const messages: ServerMessage[] = [];
  child.on('message', (message) => messages.push(message as ServerMessage));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const next = async () => {
    await vi.waitFor(() => { if (messages.length === 0) throw new Error('no message yet'); }, { timeout: 60_000, interval: 20 });
    return messages.shift()!;
  };
  return { child, messages, next, exited };
}

describe('the server started by a parent process', { timeout: 90_000 }, () => {
  it('tells the parent where it listens, and stops cleanly (database closed, exit 0) when the parent asks', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const port = await freePort();
    const server = forkServer(environment(dataDir, port));
    expect(await server.next()).toEqual({ type: 'listening', url: `http://127.0.0.1:${port}`, port });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    server.child.send({ type: 'shutdown' });
    expect(await server.exited).toBe(0);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('site.db'))).toEqual(['site.db']);
  });

  it('ignores any other message, and stops when the parent goes away', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const port = await freePort();
    const server = forkServer(environment(dataDir, port));
    expect((await server.next()).type).toBe('listening');
    server.child.send({ type: 'run', command: 'rm -rf /' });
    server.child.send('shutdown');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    server.child.disconnect();
    expect(await server.exited).toBe(0);
  });

  it('tells the parent in one line why it could not start (the port is taken), and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      const server = forkServer(environment(dataDir, port));
      const message = await server.next();
      expect(message.type).toBe('failed');
      expect((message as { message: string }).message).toContain('EADDRINUSE');
      expect(await server.exited).toBe(1);
    } finally {
      blocker.close();
    }
  });
});

describe('opening the site in the browser', { timeout: 90_000 }, () => {
  it('hands its own address to the default browser once it listens, when OPEN_BROWSER=1', async () => {
    // A stand-in for xdg-open that writes down the address it was given.
    const bin = path.join(scratch, 'bin');
    mkdirSync(bin, { recursive: true });
    const opened = path.join(scratch, 'opened.txt');
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const port = await freePort();
    const env = environment(dataDir, port, { OPEN_BROWSER: '1', PATH: `${bin}${path.delimiter}${process.env.PATH}` });
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    await vi.waitFor(() => expect(existsSync(opened) && readFileSync(opened, 'utf8')).toBe(`http://127.0.0.1:${port}`), { timeout: 60_000, interval: 50 });
    expect(output).toContain(`Opening http://127.0.0.1:${port} in your browser. Press Ctrl+C to stop the site.`);
    child.kill('SIGINT');
    expect((await once(child, 'exit'))[0]).toBe(0);
  });

  it('uses explorer.exe on Windows, open on a Mac and xdg-open elsewhere', () => {
    expect(browserOpener('win32')).toBe('explorer.exe');
    expect(browserOpener('darwin')).toBe('open');
    expect(browserOpener('linux')).toBe('xdg-open');
  });
});
