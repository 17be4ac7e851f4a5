// The recommended production setup under attack: a real nginx running the proxy part of
// scripts/systemd/nginx-example.conf (its own prefix, a free port, no daemon, as this user) in
// front of the real server with TRUST_PROXY as the unit sets it. The attacker forges
// X-Forwarded-For hops against the login limit, the rating limit and the visitor count; the victim
// connects from another address (127.0.0.2).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/users/login-limit';
import { PUBLIC_WRITE_RATE_LIMIT } from '../../src/plugins/rate-limits';
import { TEST_ADMIN, createTestApp, type TestContext } from '../../src/test/helpers';
import { serversOf, startNginx, withoutComments, type Nginx } from '../lib/nginx';

const EXAMPLE = path.join(import.meta.dirname, 'nginx-example.conf');
const ATTACKER = '127.0.0.1';
const VICTIM = '127.0.0.2';

/**
 * The example's proxy part, unchanged but for where it listens and the upstream port: its
 * http-level lines, and the HTTPS server's directives without TLS and names.
 */
function proxyPartOfExample(appPort: number, listenPort: number): string {
  const { servers, outside } = serversOf(withoutComments(readFileSync(EXAMPLE, 'utf8')));
  const https = servers.find((server) => /listen\s+443/.test(server.body));
  if (!https) throw new Error('nginx-example.conf has no HTTPS server block');
  const server = https.body.split('\n')
    .filter((line) => !/^\s*(listen|http2|server_name|ssl_|add_header Strict-Transport-Security)/.test(line))
    .join('\n')
    .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${appPort};`);
  if (!server.includes(`127.0.0.1:${appPort}`)) throw new Error('the example no longer proxies to http://127.0.0.1:3000');
  return `${outside}\nserver {\n  listen 127.0.0.1:${listenPort};\n${server}\n}`;
}

const startExample = (appPort: number) => startNginx((port) => proxyPartOfExample(appPort, port));

interface Answer { status: number; body: string }

/** One request through nginx from `localAddress`, with whatever X-Forwarded-For the client writes. */
function send(port: number, agent: http.Agent, method: string, url: string, options: { forwardedFor?: string; body?: object; userAgent?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const headers: Record<string, string> = { host: 'site.example', 'user-agent': options.userAgent ?? 'Attack/1.0', ...options.headers };
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
    nginx = await startExample((app.app.server.address() as AddressInfo).port);
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

  it('a forged X-Forwarded-Host is dropped: the sitemap and robots.txt name the site the visitor asked for', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const answer = await send(nginx.port, attacker, 'GET', url, { headers: { 'x-forwarded-host': 'evil.example' } });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain('evil.example');
      expect(answer.body).toContain('http://site.example/');
    }
  });

  it('forged first hops do not inflate the visitor count', async () => {
    const count = async (agent: http.Agent, forwardedFor?: string) => JSON.parse((await send(nginx.port, agent, 'GET', '/api/visitor', { forwardedFor })).body).count as number;
    const before = await count(attacker, '198.51.100.200');
    for (let n = 0; n < 30; n += 1) await count(attacker, `198.51.100.${n}`);
    expect(await count(attacker, VICTIM)).toBe(before);
    expect(await count(victim)).toBe(before + 1);
  });
});
