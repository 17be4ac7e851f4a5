// A real nginx for tests, as this user: its own prefix in a temporary folder, a free port, no
// daemon, the http-level configuration given by the caller (usually cut from the shipped examples).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

export function nginxBinary(): string {
  if (process.env.NGINX) return process.env.NGINX;
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is missing, so the reverse-proxy tests cannot run: install it (apt-get install nginx); `npm test` installs it itself when run as root (scripts/ensure-test-tools.sh)');
}

/** Text without its `#` comments (none of the examples has a `#` inside a string). */
export const withoutComments = (text: string) => text.replace(/#.*$/gm, '');

/** The body of the first `{ ... }` block at or after `opening`, braces balanced, and where it ends. */
export function blockBody(text: string, opening: number): { body: string; start: number; end: number } {
  const start = text.indexOf('{', opening) + 1;
  let depth = 1;
  let index = start;
  for (; depth > 0; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}') depth -= 1;
  }
  return { body: text.slice(start, index - 1), start, end: index };
}

/** Every top-level `server { ... }` of a configuration, and what lies outside them. */
export function serversOf(text: string): { servers: Array<{ body: string; start: number; end: number }>; outside: string } {
  const servers: Array<{ body: string; start: number; end: number }> = [];
  for (let at = text.search(/^server\s*\{/m); at !== -1;) {
    const { body, end } = blockBody(text, at);
    servers.push({ body, start: at, end });
    const next = text.slice(end).search(/^server\s*\{/m);
    at = next === -1 ? -1 : end + next;
  }
  let outside = text;
  for (const server of [...servers].reverse()) outside = outside.slice(0, server.start) + outside.slice(server.end);
  return { servers, outside: outside.trim() };
}

export interface Nginx {
  port: number;
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx; `httpLevel(port, prefix)` answers what goes inside `http { }` (its servers must
 * listen on 127.0.0.1:port; caches and files may live under prefix).
 */
export async function startNginx(httpLevel: (port: number, prefix: string) => string): Promise<Nginx> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-test-'));
  for (const folder of ['logs', 'temp', 'cache']) mkdirSync(path.join(prefix, folder));
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  const errorLog = path.join(prefix, 'logs', 'error.log');
  writeFileSync(path.join(prefix, 'nginx.conf'), `
daemon off;
master_process off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${httpLevel(port, prefix)}
}
`);
  const child = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
    if (await answers(port)) break;
    if (waited > 10_000) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    prefix,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => { response.resume(); resolve(true); });
    request.on('error', () => resolve(false));
  });
}
