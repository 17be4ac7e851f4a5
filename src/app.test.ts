// Cross-cutting behaviour of the whole server: error shapes, headers, docs, SPA fallback, persistence.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, JSON_BODY_LIMIT } from './app';
import { TEST_ADMIN, bearer, createTestApp, errorOf, login, makeTestConfig, type TestContext } from './test/helpers';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => ctx.cleanup());

describe('health and documentation', () => {
  it('GET /api/health answers { ok: true }', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('serves an OpenAPI document generated from the route schemas, and its UI', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/users', '/api/health']));
    expect(document.paths['/api/users/login'].post.requestBody).toBeDefined();
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sends the documentation page and its files a policy with no inline script, framed by this site only, no plugins', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      const policy = Object.fromEntries(String(answer.headers['content-security-policy']).split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }));
      expect({ url, script: policy['script-src'] }).toEqual({ url, script: "'self'" });
      expect(policy['frame-ancestors']).toBe("'self'");
      expect(policy['object-src']).toBe("'none'");
      expect(policy['base-uri']).toBe("'self'");
    }
    // The page itself names its scripts as files: nothing inline needs allowing.
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/docs/static/index.html' })).body;
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('bad input never gets a 500', () => {
  it('malformed JSON answers 400 with the bilingual shape', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c", ' });
    expect(response.statusCode).toBe(400);
    errorOf(response.body);
  });

  it('an empty JSON body answers 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
    errorOf(response.body);
  });

  it('a JSON body above 1 MB answers 413', async () => {
    const payload = JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(JSON_BODY_LIMIT) });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    errorOf(response.body);
  });

  it('an unsupported content type answers 415', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    errorOf(response.body);
  });

  it('a JSON array or a string instead of an object answers 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: { ...bearer(adminToken), 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBe(400);
      errorOf(response.body);
    }
  });

  it('unknown API routes answer 404 JSON, not the SPA', async () => {
    for (const url of ['/api/nothing-here', '/api/users/login/extra', '/uploads/missing.png']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      errorOf(response.body);
    }
    const wrongMethod = await ctx.app.inject({ method: 'PATCH', url: '/api/users' });
    expect(wrongMethod.statusCode).toBe(404);
  });
});

describe('pages and headers', () => {
  it('answers client routes with HTML even before the client is built, never cached stale', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a Content-Security-Policy that keeps every request on this site, and other safety headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(csp).not.toMatch(/\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the built client with hashed assets cached for a year and index.html revalidated', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-client-'));
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Site</title><div id="root"></div>');
    // As the build writes them: each file beside its brotli and gzip copies.
    for (const [name, text] of [['index-AbCd1234.js', 'console.log(1)'], ['index-Xy9876Zw.css', 'body{}'], ['translate.json', '{}']]) {
      writeFileSync(path.join(clientDir, 'assets', name), text);
      writeFileSync(path.join(clientDir, 'assets', `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(clientDir, 'assets', `${name}.gz`), gzipSync(text));
    }
    const app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: clientDir }), { logger: false });
    try {
      // Whatever compression the browser accepts, a hashed file is kept a year and never revalidated.
      for (const acceptEncoding of ['', 'gzip, deflate, br, zstd', 'gzip', 'br;q=0, gzip']) {
        for (const url of ['/assets/index-AbCd1234.js', '/assets/index-Xy9876Zw.css']) {
          const asset = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
          expect(asset.statusCode).toBe(200);
          expect({ url, acceptEncoding, cacheControl: asset.headers['cache-control'] }).toEqual({ url, acceptEncoding, cacheControl: 'public, max-age=31536000, immutable' });
        }
        const unhashed = await app.inject({ method: 'GET', url: '/assets/translate.json', headers: { 'accept-encoding': acceptEncoding } });
        expect(unhashed.headers['cache-control']).toBe('no-cache');
      }
      for (const url of ['/', '/about', '/p/123', '/posts/Flyer%20And%20Brochure?p=2']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      expect((await app.inject({ method: 'GET', url: '/assets/missing-XyZ12345.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the staff shells', () => {
  it('answers the dashboard and login shells private, no-store, with no validator a cache could keep, built client or not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-shell-'));
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Site</title><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'index.html.br'), brotliCompressSync('<!doctype html><title>Site</title><div id="root"></div>'));
    const built = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: clientDir }), { logger: false });
    try {
      for (const app of [built, ctx.app]) {
        for (const url of ['/dashboard', '/dashboard/', '/dashboard/posts/new', '/login_page_2022', '/login_page_2022?next=%2Fdashboard']) {
          for (const acceptEncoding of ['', 'gzip, deflate, br']) {
            const shell = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
            expect(shell.statusCode, url).toBe(200);
            expect(shell.headers['content-type']).toMatch(/^text\/html/);
            expect({ url, cacheControl: shell.headers['cache-control'] }).toEqual({ url, cacheControl: 'private, no-store' });
            expect(shell.headers.etag, url).toBeUndefined();
            expect(shell.headers['last-modified'], url).toBeUndefined();
          }
        }
      }
    } finally {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('data lives in DATA_DIR', () => {
  it('runs the database in WAL mode with synchronous=FULL: a commit is fsynced before it is answered', () => {
    expect(ctx.app.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL (NORMAL, 1, may lose the last commits on a power cut).
    expect(ctx.app.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('keeps data across a restart on the same DATA_DIR and reuses the generated secret', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-restart-'));
    try {
      const first = await buildApp(makeTestConfig(dataDir), { logger: false });
      const token = await login(first, TEST_ADMIN.email, TEST_ADMIN.password);
      const created = await first.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload: { name: 'Kept', email: 'kept@example.org', password: 'password-123' } });
      expect(created.statusCode).toBe(201);
      await first.close();

      const second = await buildApp(makeTestConfig(dataDir), { logger: false });
      try {
        // The old token still works: the secret was kept in DATA_DIR.
        const users = await second.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
        expect(users.statusCode).toBe(200);
        expect(users.json().map((u: { email: string }) => u.email)).toContain('kept@example.org');
      } finally {
        await second.close();
      }
      expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['jwt-secret', 'site.db', 'uploads']));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('request log', () => {
  async function logLines(logLevel: string): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-log-'));
    let written = '';
    const stream = { write: (line: string) => { written += line; } };
    const app = await buildApp(makeTestConfig(dataDir, { LOG_LEVEL: logLevel }), { logger: { level: logLevel, stream } });
    try {
      await app.inject({ method: 'GET', url: '/api/posts/s?keyword=secret-word', remoteAddress: '203.0.113.7', headers: { 'user-agent': 'PhoneBrowser/1.0' } });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return written;
  }

  it('at debug keeps the method and path of each request, never the address, user agent or query', async () => {
    const lines = await logLines('debug');
    expect(lines).toContain('"url":"/api/posts/s"');
    expect(lines).not.toContain('secret-word');
    expect(lines).not.toContain('203.0.113.7');
    expect(lines).not.toContain('PhoneBrowser');
  });

  it('at the default level writes no line per request', async () => {
    expect(await logLines('info')).not.toContain('/api/posts/s');
  });
});
