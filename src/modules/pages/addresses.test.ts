// Addresses and text a client controls, as an attacker and a validator play them: any text put
// in an address, city names with the characters addresses reserve, and control characters in
// stored text and in addresses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { BOTH_LANGUAGES } from '../../content-changes';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

let app: FastifyInstance;
let dataDir: string;
let token: string;

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
/** What a link preview shows: the title, the first heading and the Open Graph title. */
const shownTexts = (html: string) => [
  /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
  /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '',
  /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? '',
];
/** English by default, Arabic by the cookie. */
const LANGUAGES: Array<Record<string, string>> = [{}, { cookie: 'i18next=ar' }];
/** C0 but tab, line feed and carriage return; DEL; C1. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

async function createCity(name: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: {
    name, branch: [{ address: 'Main street 1', phone: '+964 750 000 0000', email: 'office@example.org' }],
  } });
  return response.statusCode;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'addresses-test-'));
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: await sourcePageRenderer() });
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('any text in an address', () => {
  const message = 'This office moved, call +964 770 000 0000 ';

  it('an unknown city answers the not-found page whatever the length of its name, and never repeats the name', async () => {
    for (const length of [20, 100, 101, 499, 500]) {
      const text = message.repeat(Math.ceil(length / message.length)).slice(0, length);
      for (const headers of LANGUAGES) {
        const page = await get(`/maps/${encodeURIComponent(text)}`, headers);
        expect({ length, status: page.statusCode }).toEqual({ length, status: 404 });
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<meta name="robots" content="noindex" />');
        for (const shown of shownTexts(page.body)) expect(shown).not.toContain('office moved');
      }
    }
    // Longer than any address of the site has: the address itself is refused.
    for (const length of [501, 600, 2000]) {
      const answer = await get(`/maps/${encodeURIComponent(message.repeat(60).slice(0, length))}`);
      expect({ length, status: answer.statusCode }).toEqual({ length, status: 414 });
      expect(answer.body).not.toContain('office moved');
    }
  });

  it('over-long path segments answer 404 or 414 everywhere, pages, API, uploads and built files alike', async () => {
    for (const length of [501, 5000]) {
      const long = 'x'.repeat(length);
      const addresses = [
        `/maps/${long}`, `/p/${long}`, `/posts/${long}`, `/e/${long}`, `/about/${long}`, `/${long}`, `/search/${long}`,
        `/api/maps/m/${long}`, `/api/posts/${long}`, `/api/content/${long}`, `/api/emergency/${long}`, `/api/posts/Iraq/${long}`,
        `/uploads/${long}.webp`, `/assets/${long}.js`, `/feed/${long}`,
      ];
      for (const url of [...addresses, `/uploads/${'x'.repeat(300)}.webp`, `/assets/${'x'.repeat(300)}.js`]) {
        const answer = await get(url);
        expect({ url: url.slice(0, 20), length, status: [404, 414].includes(answer.statusCode) }).toEqual({ url: url.slice(0, 20), length, status: true });
        expect(answer.headers['cache-control'] ?? '').not.toMatch(/public/);
        for (const shown of shownTexts(answer.body)) expect(shown).not.toContain('xxxxxxxxxx');
      }
    }
  });
});

describe('city names with the characters addresses reserve', () => {
  const names = ['Erbil/Duhok', 'Tom & Jerry', 'Zakho: north', 'Where?', 'Mosul #2', '100% safe', 'Literal %2F and %26', 'البصرة / الزبير'];

  beforeAll(async () => {
    for (const name of names) expect(await createCity(name)).toBe(201);
  });

  it('are listed, linked from the service map, put in the sitemap, and each page shows its city', async () => {
    const listed = (await get('/api/maps')).json<Array<{ name: string }>>().map((city) => city.name);
    const serviceMap = (await get('/servicemap')).body;
    const sitemap = new XMLParser().parse((await get('/sitemap.xml')).body) as { urlset: { url: Array<{ loc: string }> } };
    const locs = sitemap.urlset.url.map((entry) => entry.loc);
    for (const name of names) {
      expect(listed).toContain(name);
      const loc = locs.find((candidate) => candidate.startsWith('http://localhost:80/en/maps/') && decodeURIComponent(candidate.slice('http://localhost:80/en/maps/'.length)) === name);
      expect({ name, inSitemap: loc !== undefined }).toEqual({ name, inSitemap: true });
      const address = new URL(loc!).pathname.replace(/^\/en\//, '/');
      // The service map links to the very address the sitemap names (& written &amp; in HTML).
      expect(serviceMap).toContain(`href="${address.replace(/&/g, '&amp;')}"`);
      for (const headers of LANGUAGES) {
        const page = await get(address, headers);
        expect({ name, status: page.statusCode }).toEqual({ name, status: 200 });
        const escaped = name.replace(/&/g, '&amp;');
        // On an Arabic page a city without an Arabic name shows its Latin name, kept left to right.
        expect(page.body).toContain(page.headers['content-language'] === 'ar' ? `<h1><bdi dir="ltr" lang="en">${escaped}</bdi></h1>` : `<h1>${escaped}</h1>`);
        // Canonical: the page's own language address (the sitemap names both).
        const canonical = loc!.replace('/en/', `/${page.headers['content-language']}/`);
        expect(locs).toContain(canonical);
        expect(page.body).toContain(`<link rel="canonical" href="${canonical.replace(/&/g, '&amp;')}" />`);
      }
    }
  });
});

describe('control characters', () => {
  it('are removed from stored text at input; tab and newlines stay', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: {
      type: 'Iraq', language: 'en', title: 'Bell\u0007 and\u0000 escape\u001B[31m title\u007F\u0085', describtion: 'Line one\nline\ttwo\r\n\u000Bend\u000C',
    } });
    expect(created.statusCode).toBe(201);
    const post = (await app.inject({ method: 'GET', url: `/api/posts/${created.json<{ _id: string }>()._id}`, headers: bearer(token) })).json<{ title: string; describtion: string }>();
    expect(post.title).toBe('Bell and escape[31m title');
    expect(post.describtion).toBe('Line one\nline\ttwo\r\nend');
    // Text that is nothing but control characters is no text.
    const empty = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', title: '\u0000\u0001', describtion: 'x' } });
    expect(empty.statusCode).toBe(400);
    expect(await createCity('Kirkuk\u0000')).toBe(201);
    expect((await get('/api/maps')).json<Array<{ name: string }>>().map((city) => city.name)).toContain('Kirkuk');
  });

  it('never reach a page, from an address or from text stored before input was cleaned', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', title: 'Old post', describtion: 'Old text' } });
    const id = created.json<{ _id: string }>()._id;
    app.sqlite.prepare('UPDATE posts SET title = ?, description = ? WHERE id = ?').run('Old\u0000 post\u0001', 'Old\u001F text\u007F', id);
    // Written behind the repositories' back: say so, as a write through them would.
    app.contentChanges.announce({ kind: 'posts', cause: 'write', ids: [id], languages: BOTH_LANGUAGES });
    const urls = ['/search?keyword=a%00b', '/search?q=%01%1F', '/p/%00', '/maps/a%00b', `/p/${id}`, '/posts/Iraq'];
    for (const url of urls) {
      for (const headers of LANGUAGES) {
        const page = await get(url, headers);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect({ url, control: CONTROL.test(page.body) }).toEqual({ url, control: false });
      }
    }
    expect((await get(`/p/${id}`)).body).toContain('<h1>Old post</h1>');
    expect((await get('/search?keyword=a%00b')).body).toContain('<link rel="alternate" type="application/rss+xml"');
  });
});
