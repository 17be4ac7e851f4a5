// Where absolute addresses come from when PUBLIC_URL is unset, played by clients that lie: a
// forged X-Forwarded-Host from behind the trusted proxy, and an absolute-form request line.
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { makeTestConfig } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { originFormOf } from '../../plugins/request-target';

let app: FastifyInstance;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'public-origin-'));
  // Every connection of this test comes from 127.0.0.1: the trusted proxy itself.
  app = await buildApp(makeTestConfig(dataDir, { TRUST_PROXY: '127.0.0.1' }), { logger: false, pageRenderer: await sourcePageRenderer() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends this exact request text and answers the whole reply. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => { reply += chunk.toString('utf8'); });
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

describe('the public origin without PUBLIC_URL', () => {
  it('ignores X-Forwarded-Host even from the trusted proxy: pages, sitemap, robots and feeds name the Host', async () => {
    const headers = { host: 'site.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    for (const url of ['/about', '/sitemap.xml', '/robots.txt', '/feed/ar.xml']) {
      const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('evil.example');
      // The trusted proxy's protocol still counts: it is what the shipped examples always overwrite.
      expect(answer.body).toContain('https://site.example/');
    }
  });

  it('answers an absolute-form request line with the page at its path, and builds no address from its authority', async () => {
    const reply = await raw('GET http://evil.example/about?utm=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('<link rel="canonical" href="http://127.0.0.1/en/about" />');
    expect(reply).toContain('<meta property="og:url" content="http://127.0.0.1/en/about" />');
    expect(reply).not.toContain('evil.example');
  });

  it('answers an absolute-form request for the API and the language switch by their paths', async () => {
    expect(await raw('GET http://evil.example/api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    const redirect = await raw('GET https://evil.example/about?lang=ar HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(redirect).toMatch(/^HTTP\/1\.1 303 /);
    expect(redirect).toMatch(/\r\nlocation: \/about\r\n/i);
  });

  it('reads every request target as a path', () => {
    expect(originFormOf('/about?x=1')).toBe('/about?x=1');
    expect(originFormOf('http://evil.example/about?x=1')).toBe('/about?x=1');
    expect(originFormOf('HTTPS://evil.example:8443')).toBe('/');
    expect(originFormOf('http://evil.example?x=1')).toBe('/?x=1');
    expect(originFormOf('*')).toBe('*');
  });
});
