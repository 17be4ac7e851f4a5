// The installable, offline-capable site from the server's side: the web app manifest in both
// languages, the icons it names, the service worker's caching headers, and a security policy that
// lets the site's own worker run while still refusing every third party.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { makeTestConfig } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

const publicDir = fileURLToPath(new URL('../../../client/public', import.meta.url));
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'offline-install-test-'));
  // A stand-in client build: the shell page and a worker, served as the real build's files are.
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync(path.join(publicDir, '..', 'index.html')));
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: clientDir }), { logger: false, pageRenderer: await sourcePageRenderer() });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Manifest {
  name: string; short_name: string; lang: string; dir: string; start_url: string; scope: string; display: string;
  theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the web app manifest', () => {
  it('is served as application/manifest+json, in English by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers.vary).toMatch(/Cookie/);
    const manifest = response.json<Manifest>();
    expect(manifest).toMatchObject({
      name: 'Anti-Trafficking Iraq', lang: 'en', dir: 'ltr', start_url: '/', scope: '/', display: 'standalone',
      theme_color: '#0b1f24', background_color: '#0b1f24',
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(16);
  });

  it('names the app in Arabic, right to left, for a visitor who chose Arabic', async () => {
    for (const headers of [{ cookie: 'i18next=ar' }, { 'accept-language': 'ar-IQ,ar;q=0.9' }]) {
      const manifest = (await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers })).json<Manifest>();
      expect(manifest).toMatchObject({ name: 'مكافحة الاتجار بالبشر - العراق', lang: 'ar', dir: 'rtl' });
    }
  });

  it('names self-hosted PNG icons of the stated sizes, a maskable one among them', async () => {
    const { icons } = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<Manifest>();
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      expect(icon.src).toMatch(/^\/icons\/[\w-]+\.png$/);
      const bytes = readFileSync(path.join(publicDir, icon.src));
      expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), icon.src).toBe(true);
      const { format, width, height } = await sharp(bytes).metadata();
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`);
      expect(icon.type).toBe('image/png');
    }
  });

  it("is linked from every server-rendered page's head, with the theme colour", async () => {
    for (const url of ['/', '/e/Emergency', '/about']) {
      const html = (await app.inject({ method: 'GET', url })).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(head, url).toContain('<meta name="theme-color" content="#0b1f24" />');
    }
  });
});

describe('the service worker file', () => {
  it('is served at /sw.js as JavaScript and revalidated on every load, so a new version is seen at once', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the security policy', () => {
  const directives = async (url: string) => {
    const policy = String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
  };

  it("lets the site's own worker and manifest load", async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const policy = await directives(url);
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(policy.get('manifest-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('still refuses every third party: only the YouTube embed frame names another site', async () => {
    const policy = await directives('/');
    for (const [name, sources] of policy) {
      const hosts = sources.filter((source) => !["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:'].includes(source));
      expect(hosts, name).toEqual(name === 'frame-src' ? ['https://www.youtube-nocookie.com'] : []);
    }
  });
});
