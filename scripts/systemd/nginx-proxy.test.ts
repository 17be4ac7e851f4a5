// The recommended production setup under attack: a real nginx running the proxy part of
// scripts/systemd/nginx-example.conf (its own prefix, a free port, no daemon, as this user) in
// front of the real server with TRUST_PROXY as the unit sets it. The attacker forges
// X-Forwarded-For hops against the login limit, the rating limit and the visitor count; the victim
// connects from another address (127.0.0.2).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/users/login-limit';
import { PUBLIC_WRITE_RATE_LIMIT } from '../../src/plugins/rate-limits';
import { TEST_ADMIN, createTestApp, type TestContext } from '../../src/test/helpers';
import { freePort } from '../lib/server-process';

const EXAMPLE = path.join(import.meta.dirname, 'nginx-example.conf');
const ATTACKER = '127.0.0.1';
const VICTIM = '127.0.0.2';

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is missing, so the reverse-proxy attacks cannot be played: install it (apt-get install nginx); `npm test` installs it itself when run as root (scripts/ensure-test-tools.sh)');
}

/** The body of the first `<keyword> {` block at or after `from`, braces balanced. */
function blockBody(text: string, opening: number): { body: string; end: number } {
  const start = text.indexOf('{', opening) + 1;
  let depth = 1;
  let index = start;
  for (; depth > 0; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}') depth -= 1;
  }
  return { body: text.slice(start, index - 1), end: index };
}

/**
 * The example's proxy part, unchanged but for where it listens and the upstream port: its
 * http-level lines, and the HTTPS server's directives without TLS and names.
 */
function proxyPartOfExample(appPort: number, listenPort: number): { httpLevel: string; server: string } {
  const text = readFileSync(EXAMPLE, 'utf8').replace(/#.*$/gm, '');
  const servers: Array<{ body: string; start: number; end: number }> = [];
  for (let at = text.indexOf('server {'); at !== -1; at = text.indexOf('server {', servers[servers.length - 1].end)) {
    const { body, end } = blockBody(text, at);
    servers.push({ body, start: at, end });
  }
  const https = servers.find((server) => /listen\s+443/.test(server.body));
  if (!https) throw new Error('nginx-example.conf has no HTTPS server block');
  let outside = text;
  for (const server of [...servers].reverse()) outside = outside.slice(0, server.start) + outside.slice(server.end);
  const server = https.body.split('\n')
    .filter((line) => !/^\s*(listen|http2|server_name|ssl_|add_header Strict-Transport-Security)/.test(line))
    .join('\n')
    .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${appPort};`);
  if (!server.includes(`127.0.0.1:${appPort}`)) throw new Error('the example no longer proxies to http://127.0.0.1:3000');
  return { httpLevel: outside.trim(), server: `listen 127.0.0.1:${listenPort};\n${server}` };
}

interface Nginx { port: number; process: ChildProcess; prefix: string; stop(): Promise<void> }

async function startNginx(appPort: number): Promise<Nginx> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-test-'));
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(prefix, folder));
  const port = await freePort();
  const part = proxyPartOfExample(appPort, port);
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  writeFileSync(path.join(prefix, 'nginx.conf'), `
daemon off;
master_process off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'logs', 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${part.httpLevel}
  server {
    ${part.server}
  }
}
`);
  const child = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'logs', 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}${readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8')}`);
    if (await answers(port)) break;
    if (waited > 10_000) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    process: child,
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

interface Answer { status: number; body: string }

/** One request through nginx from `localAddress`, with whatever X-Forwarded-For the client writes. */
function send(port: number, agent: http.Agent, method: string, url: string, options: { forwardedFor?: string; body?: object; userAgent?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? 'Attack/1.0' };
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Keep-alive agents bound to one client address each. */
const agentFrom = (localAddress: string) => new http.Agent({ keepAlive: true, maxSockets: 8, localAddress } as http.AgentOptions);

describe.each([
  ['127.0.0.1', 'the address of the proxy, as the unit file sets it'],
  ['1', 'one hop'],
])('behind nginx with TRUST_PROXY=%s (%s)', (trustProxy) => {
  let app: TestContext;
  let nginx: Nginx;
  let attacker: http.Agent;
  let victim: http.Agent;

  beforeAll(async () => {
    app = await createTestApp({ TRUST_PROXY: trustProxy });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    nginx = await startNginx((app.app.server.address() as AddressInfo).port);
    attacker = agentFrom(ATTACKER);
    victim = agentFrom(VICTIM);
  });
  afterAll(async () => {
    attacker?.destroy();
    victim?.destroy();
    await nginx?.stop();
    await app?.cleanup();
  });

  it('forged first hops do not multiply password guesses, and hops naming the victim do not lock the victim out', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_LIMITS.failuresPerAddress + 5; n += 1) {
      // Half the guesses claim to come from the victim's address, half from ever-new addresses.
      const forwardedFor = n % 2 ? VICTIM : `198.51.100.${n}, 203.0.113.${n}`;
      statuses.push((await send(nginx.port, attacker, 'POST', '/api/users/login', { forwardedFor, body: { email: `guess${n}@example.org`, password: 'wrong-password' } })).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.failuresPerAddress);
    expect(statuses.slice(LOGIN_LIMITS.failuresPerAddress)).toEqual([429, 429, 429, 429, 429]);
    // The victim, from its own address, still logs in at once.
    const own = await send(nginx.port, victim, 'POST', '/api/users/login', { body: TEST_ADMIN });
    expect(own.status).toBe(200);
    // The attacker, even naming the victim's address, stays blocked.
    expect((await send(nginx.port, attacker, 'POST', '/api/users/login', { forwardedFor: VICTIM, body: TEST_ADMIN })).status).toBe(429);
  });

  it('forged first hops do not multiply votes: 600 a minute, then 429, and the victim can still vote', async () => {
    const max = PUBLIC_WRITE_RATE_LIMIT.max;
    const statuses = await Promise.all(Array.from({ length: max + 20 }, (_, n) =>
      send(nginx.port, attacker, 'POST', '/api/rating/website', { forwardedFor: `198.51.${Math.floor(n / 250)}.${n % 250}`, body: { rate: 1 } }).then((answer) => answer.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect((await send(nginx.port, victim, 'POST', '/api/rating/website', { body: { rate: 5 } })).status).toBe(201);
  });

  it('forged first hops do not inflate the visitor count', async () => {
    const count = async (agent: http.Agent, forwardedFor?: string) => JSON.parse((await send(nginx.port, agent, 'GET', '/api/visitor', { forwardedFor })).body).count as number;
    const before = await count(attacker, '198.51.100.200');
    for (let n = 0; n < 30; n += 1) await count(attacker, `198.51.100.${n}`);
    expect(await count(attacker, VICTIM)).toBe(before);
    expect(await count(victim)).toBe(before + 1);
  });
});
