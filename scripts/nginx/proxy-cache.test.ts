// The shipped shared cache under attack and under real clients: a real nginx running
// scripts/nginx/proxy-cache.conf as docs/operations.md installs it, plain (step 2a) and pasted into the
// HTTPS server of scripts/systemd/nginx-example.conf (step 2b), in front of the real server with
// TRUST_PROXY=127.0.0.1 and no PUBLIC_URL. What one client sends must never change what nginx
// stores for the next visitor.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../src/test/helpers';
import { sourcePageRenderer } from '../../src/test/page-renderer';
import { blockBody, serversOf, startNginx, withoutComments, type Nginx } from '../lib/nginx';

const CACHE_EXAMPLE = readFileSync(path.join(import.meta.dirname, 'proxy-cache.conf'), 'utf8');
const HTTPS_EXAMPLE = readFileSync(path.join(import.meta.dirname, '..', 'systemd', 'nginx-example.conf'), 'utf8');
const SITE = 'example.org';

/** The `location / { ... }` block of a server body, with where it starts and ends. */
function rootLocation(serverBody: string): { text: string; start: number; end: number } {
  const start = serverBody.search(/location \/ \{/);
  const { end } = blockBody(serverBody, start);
  return { text: serverBody.slice(start, end), start, end };
}

/** Operations step 2a: the file as it is, on a test port, cache and upstream moved. */
function plainSetup(appPort: number) {
  return (port: number, prefix: string) => CACHE_EXAMPLE
    .replace('/var/cache/nginx/anti-trafficking-site', path.join(prefix, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${port};`);
}

/**
 * Operations step 2b: the cache file up to its `server` at the http level (`sed '/^server {/,$d'`),
 * then the HTTPS example with proxy-cache.conf's `location /` pasted over the 443 server's. The
 * certificate lines are left out and it listens without TLS: what is tested is which headers
 * nginx adds, which does not depend on TLS.
 */
function httpsSetup(appPort: number) {
  return (port: number, prefix: string) => {
    const httpLevel = CACHE_EXAMPLE.slice(0, CACHE_EXAMPLE.search(/^server \{/m))
      .replace('/var/cache/nginx/anti-trafficking-site', path.join(prefix, 'cache'))
      .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`);
    const { servers, outside } = serversOf(withoutComments(HTTPS_EXAMPLE));
    const https = servers.find((server) => /listen\s+443/.test(server.body))!.body;
    const pasted = rootLocation(withoutComments(CACHE_EXAMPLE.slice(CACHE_EXAMPLE.search(/^server \{/m)))).text;
    const own = rootLocation(https);
    const body = (https.slice(0, own.start) + pasted + https.slice(own.end)).split('\n')
      .filter((line) => !/^\s*(listen|ssl_)/.test(line)).join('\n');
    return `${httpLevel}\n${outside}\nserver {\n  listen 127.0.0.1:${port};\n${body}\n}`;
  };
}

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }

/** One GET through nginx with exactly these headers; the body decoded as its Content-Encoding says. */
function get(port: number, url: string, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: { host: SITE, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body.toString('utf8') });
      });
    });
    request.on('error', reject);
  });
}

const languageOf = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

let app: FastifyInstance;
let dataDir: string;
let appPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'proxy-cache-test-'));
  app = await buildApp(makeTestConfig(dataDir, { TRUST_PROXY: '127.0.0.1' }), { logger: false, pageRenderer: await sourcePageRenderer() });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  await app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'We help survivors.', contentAr: 'نحن نساعد الناجين.' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each([
  ['Operations step 2a, proxy-cache.conf as shipped', plainSetup],
  ['Operations step 2b, its location pasted into the HTTPS example', httpsSetup],
])('nginx with the shared cache (%s)', (_name, setup) => {
  let nginx: Nginx;
  beforeAll(async () => { nginx = await startNginx(setup(appPort)); });
  afterAll(async () => { await nginx?.stop(); });

  it('a forged X-Forwarded-Host never reaches the cached page, sitemap or robots.txt the next visitors get', async () => {
    for (const url of ['/about?poison=1', '/sitemap.xml?poison=1', '/robots.txt?poison=1']) {
      const attack = await get(nginx.port, url, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
      expect(attack.status).toBe(200);
      expect(attack.body).not.toContain('evil.example');
      const visitor = await get(nginx.port, url);
      // Served from what the attacker's request stored.
      expect(visitor.headers['x-cache-status']).toBe('HIT');
      expect(visitor.body).not.toContain('evil.example');
      expect(visitor.body).toContain(`http://${SITE}/`);
    }
  });

  it('a language cookie the server would not read cannot store a page under another language\'s key', async () => {
    const attacks: Array<{ cookie: string | string[]; acceptLanguage: string }> = [
      { cookie: 'i18next=arx', acceptLanguage: 'en' },
      { cookie: 'i18next=enx', acceptLanguage: 'ar' },
      { cookie: 'i18next=%61r', acceptLanguage: 'en' },
      { cookie: 'I18NEXT=ar', acceptLanguage: 'en' },
      { cookie: 'i18next =ar', acceptLanguage: 'en' },
      { cookie: 'i18next= ar ;x=1', acceptLanguage: 'en' },
      { cookie: 'theme=dark; i18next=en', acceptLanguage: 'ar' },
      { cookie: 'i18next=ar-IQ', acceptLanguage: 'en' },
      { cookie: ['i18next=enx', 'i18next=en'], acceptLanguage: 'ar' },
    ];
    const visitors = [
      { headers: { cookie: 'i18next=ar' }, language: 'ar' },
      { headers: { cookie: 'i18next=en' }, language: 'en' },
      { headers: { 'accept-language': 'en' }, language: 'en' },
      { headers: { 'accept-language': 'ar' }, language: 'ar' },
    ];
    for (const [index, attack] of attacks.entries()) {
      const url = `/about?attack=${index}`;
      const answer = await get(nginx.port, url, { cookie: attack.cookie, 'accept-language': attack.acceptLanguage });
      expect(answer.status).toBe(200);
      for (const visitor of visitors) {
        const page = await get(nginx.port, url, visitor.headers);
        expect({ attack, visitor: visitor.headers, language: languageOf(page.body) }).toEqual({ attack, visitor: visitor.headers, language: visitor.language });
        expect(page.headers['content-language']).toBe(visitor.language);
      }
    }
  });

  it('keys a language address by its URL alone: one stored copy per address, in its language, whatever the cookie or Accept-Language', async () => {
    const visitors = [
      { cookie: 'i18next=en', 'accept-language': 'en' },
      { cookie: 'i18next=ar', 'accept-language': 'ar' },
      { 'accept-language': 'fr, en;q=0.5' },
      {},
      { cookie: 'i18next=arx', 'accept-language': 'ar' },
    ];
    for (const language of ['ar', 'en'] as const) {
      const url = `/${language}/about?keyed=${language}`;
      const statuses: string[] = [];
      for (const headers of visitors) {
        const page = await get(nginx.port, url, headers);
        expect({ url, headers, status: page.status, language: languageOf(page.body) }).toEqual({ url, headers, status: 200, language });
        expect(page.headers.vary).toBe('Accept-Encoding');
        expect(page.headers['content-language']).toBe(language);
        statuses.push(String(page.headers['x-cache-status']));
      }
      // Stored once, by the first visitor; every other visitor is answered from that copy.
      expect(statuses).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT']);
    }
  });

  it('sends a compression only to a client that accepts it with a weight above zero', async () => {
    const cases: Array<[string, string | undefined]> = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0', undefined],
      ['br; q=0.000, gzip;q=0', undefined],
      ['gzip;q=0, br', 'br'],
      ['br;q=0.0, gzip;q=0.5', 'gzip'],
      ['gzip, deflate, br;q=0.001', 'br'],
      ['BR', 'br'],
      ['identity', undefined],
      ['gzip, deflate, br, zstd', 'br'],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const answer = await get(nginx.port, '/about', { 'accept-encoding': acceptEncoding });
      expect({ acceptEncoding, encoding: answer.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: expected });
      expect(languageOf(answer.body)).toBe('en');
    }
  });
});

describe('Operations step 2b: the HTTPS example with the cache pasted in', () => {
  let nginx: Nginx;
  beforeAll(async () => { nginx = await startNginx(httpsSetup(appPort)); });
  afterAll(async () => { await nginx?.stop(); });

  it('keeps Strict-Transport-Security on pages (stored and from the cache), not-found pages and the API, with the cache status beside it', async () => {
    const first = await get(nginx.port, '/about?hsts=1');
    const cached = await get(nginx.port, '/about?hsts=1');
    expect(cached.headers['x-cache-status']).toBe('HIT');
    const missing = await get(nginx.port, '/no-such-page');
    const api = await get(nginx.port, '/api/health');
    for (const answer of [first, cached, missing, api]) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(answer.headers['x-cache-status']).toBeDefined();
    }
    expect(missing.status).toBe(404);
  });
});
