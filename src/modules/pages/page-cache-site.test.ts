// The page cache holding the whole public site: a crawl renders each page once, in each language;
// a page comes back only in the language its request resolves to, whatever cookie or
// Accept-Language an attacker forges; every change of public content (and only that) drops pages
// and the layouts they were made from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { pickLanguage } from './language';

const POSTS = 24;
let app: FastifyInstance;
let dataDir: string;
let token: string;
const postIds: string[] = [];
let renders = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'page-cache-site-'));
  const renderer = await sourcePageRenderer();
  const counted = { ...renderer, entry: { ...renderer.entry, render: (...args: Parameters<typeof renderer.entry.render>) => { renders += 1; return renderer.entry.render(...args); } } };
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: counted });
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (let index = 0; index < POSTS; index += 1) {
    const arabic = index % 2 === 1;
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: {
      title: arabic ? `منشور ${index}` : `Post ${index}`, describtion: 'Text '.repeat(50), type: 'Iraq', language: arabic ? 'ar' : 'en',
    } });
    postIds.push(response.json<{ _id: string }>()._id);
  }
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const rendersDuring = async (work: () => Promise<unknown>) => {
  const before = renders;
  await work();
  return renders - before;
};
const htmlLanguage = (answer: LightMyRequestResponse) => /<html lang="(\w+)"/.exec(answer.body)?.[1];

describe('a crawl of the whole site', () => {
  it('renders every post page once in each language, however often and in whatever encoding it is asked for', async () => {
    const crawl = (cookie: string, encoding: string) => async () => {
      for (const id of postIds) expect((await get(`/p/${id}`, { cookie, 'accept-encoding': encoding })).statusCode).toBe(200);
    };
    expect(await rendersDuring(crawl('i18next=en', 'br, gzip'))).toBe(POSTS);
    expect(await rendersDuring(crawl('i18next=ar', 'br, gzip'))).toBe(POSTS);
    // A second crawl, another encoding, another client: all from the cache.
    expect(await rendersDuring(crawl('i18next=en', 'gzip'))).toBe(0);
    expect(await rendersDuring(crawl('i18next=ar', ''))).toBe(0);
    expect(await rendersDuring(crawl('i18next=en', 'br'))).toBe(0);
  });

  it('sends the page kept in brotli decoded for a client that asks for none, the same bytes as first rendered', async () => {
    const url = `/p/${postIds[0]}`;
    const brotli = await get(url, { cookie: 'i18next=ar', 'accept-encoding': 'br' });
    const plain = await get(url, { cookie: 'i18next=ar' });
    const gzip = await get(url, { cookie: 'i18next=ar', 'accept-encoding': 'gzip' });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([brotli.headers.etag, plain.headers.etag, gzip.headers.etag]).size).toBe(1);
  });
});

describe('the language of a cached page (attacks on the cookie and Accept-Language)', () => {
  const forged: Array<Record<string, string>> = [
    { cookie: 'i18next=arx' },
    { cookie: 'i18next=arx', 'accept-language': 'ar' },
    { cookie: 'i18next=' },
    { cookie: 'i18next=%61%72' },
    { cookie: 'i18next=%E0%A4%A' },
    { cookie: 'i18next=ar; i18next=en' },
    { cookie: 'xi18next=ar' },
    { cookie: 'i18next=en-GB', 'accept-language': 'ar' },
    { cookie: 'i18next=AR-iq' },
    { 'accept-language': 'ar;q=0, en' },
    { 'accept-language': 'en;q=0.1, ar;q=0.9' },
    { 'accept-language': '*' },
    { 'accept-language': 'fr, de;q=0.5' },
    { 'accept-language': 'ar;q=abc' },
    { 'accept-language': `${'xx, '.repeat(400)}ar` },
    { 'accept-language': 'ar-IQ,ar;q=0.9' },
  ];

  it('answers every forged or odd header in the language it resolves to, never a page cached for the other', async () => {
    for (const url of ['/', '/about', `/p/${postIds[2]}`, '/posts/Iraq']) {
      // Both languages are in the cache before any forged request comes.
      await get(url, { cookie: 'i18next=en' });
      await get(url, { cookie: 'i18next=ar' });
      for (const headers of forged) {
        const expected = pickLanguage(headers.cookie, headers['accept-language']);
        const answer = await get(url, headers);
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(answer.headers['content-language'], `${url} ${JSON.stringify(headers)}`).toBe(expected);
        expect(htmlLanguage(answer), `${url} ${JSON.stringify(headers)}`).toBe(expected);
        expect(answer.headers.vary).toContain('Cookie, Accept-Language');
      }
    }
  });

  it('resolves the forged values as the site always did: a cookie naming no language falls back to Accept-Language, then English', () => {
    expect(pickLanguage('i18next=arx', undefined)).toBe('en');
    expect(pickLanguage('i18next=arx', 'ar')).toBe('ar');
    expect(pickLanguage('i18next=%61%72', undefined)).toBe('ar');
    expect(pickLanguage(undefined, 'ar;q=0, en')).toBe('en');
    expect(pickLanguage(undefined, 'en;q=0.1, ar;q=0.9')).toBe('ar');
  });

  it('answers a language address in its language whatever the cookie, and never with the unprefixed address\'s page', async () => {
    const id = postIds[16];
    for (const cookie of ['i18next=en', 'i18next=ar', 'i18next=arx', '']) {
      for (const [url, expected] of [[`/ar/p/${id}`, 'ar'], [`/en/p/${id}`, 'en'], [`/p/${id}`, pickLanguage(cookie, undefined)]] as const) {
        const answer = await get(url, cookie ? { cookie } : {});
        expect(htmlLanguage(answer), `${url} ${cookie}`).toBe(expected);
        expect(answer.headers['content-language'], `${url} ${cookie}`).toBe(expected);
      }
    }
    // Asked again, each language address is answered from the cache.
    expect(await rendersDuring(async () => { for (const url of [`/ar/p/${id}`, `/en/p/${id}`]) await get(url, { cookie: 'i18next=en' }); })).toBe(0);
  });

  it('keeps a page rendered for one language out of the other even when both are asked for at the same moment', async () => {
    const url = `/p/${postIds[4]}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => get(url, { cookie: `i18next=${index % 2 ? 'ar' : 'en'}` })));
    answers.forEach((answer, index) => expect(htmlLanguage(answer)).toBe(index % 2 ? 'ar' : 'en'));
  });
});

describe('what drops the cached pages', () => {
  it('a change of the settings shows at once on pages already cached and on pages never rendered before', async () => {
    const cachedUrl = `/p/${postIds[6]}`;
    await get(cachedUrl);
    const changed = await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: { quickExitUrl: 'https://example.org/news' } });
    expect(changed.statusCode).toBe(200);
    // The layout around the screens shows the quick exit: it was made again, for both pages.
    for (const url of [cachedUrl, `/p/${postIds[8]}`]) expect((await get(url)).body, url).toContain('href="https://example.org/news"');
  });

  // Issue 21: a staff save drops only the pages that read what it changed (a page text its page, a
  // post its page and lists, a place the map pages), not every page.
  it('a change drops the pages that read what it changed and no other; a view, a rating or a page event drops none', async () => {
    const url = `/p/${postIds[10]}`;
    await get(url);
    await get('/about');
    expect(await rendersDuring(async () => {
      await app.inject({ method: 'POST', url: `/api/posts/${postIds[10]}/view` });
      await app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate: 4 } });
      await app.inject({ method: 'POST', url: '/api/events', payload: { name: 'pageview', path: '/about' } });
      await get(url);
    })).toBe(0);
    const others = [
      () => app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'New about text', contentAr: 'نص جديد' } }),
      () => app.inject({ method: 'PUT', url: `/api/posts/${postIds[12]}`, headers: bearer(token), payload: { title: 'Edited', describtion: 'x', type: 'Iraq', language: 'en' } }),
      () => app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: { name: 'Basra', branch: [] } }),
    ];
    for (const change of others) {
      expect((await change()).statusCode).toBeLessThan(300);
      expect(await rendersDuring(() => get(url))).toBe(0);
    }
    expect(await rendersDuring(() => get('/about'))).toBe(1);
    expect((await get('/about')).body).toContain('New about text');
    const own = await app.inject({ method: 'PUT', url: `/api/posts/${postIds[10]}`, headers: bearer(token), payload: { title: 'Its own edit', describtion: 'y', type: 'Iraq', language: 'en' } });
    expect(own.statusCode).toBeLessThan(300);
    expect(await rendersDuring(() => get(url))).toBe(1);
    expect(await rendersDuring(() => get(url))).toBe(0);
    expect((await get(url)).body).toContain('Its own edit');
  });
});

describe('personal and staff answers', () => {
  it('a page asked for with a staff token is the public page, marked private for other caches', async () => {
    const url = `/p/${postIds[14]}`;
    const anonymous = await get(url);
    const withToken = await get(url, bearer(token));
    expect(withToken.body).toBe(anonymous.body);
    expect(withToken.headers['cache-control']).toBe('private, no-store');
  });

  it('a draft is a 404 page even for its author, and is never kept', async () => {
    const draft = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { title: 'Secret draft', describtion: 'x', type: 'Iraq', language: 'en', state: 'draft' } });
    const url = `/p/${draft.json<{ _id: string }>()._id}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const rendered = await rendersDuring(async () => {
        const answer = await get(url, bearer(token));
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('Secret draft');
      });
      expect(rendered).toBe(1);
    }
  });

  it('the language switch\'s redirect, which sets a cookie, is never kept', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await get('/about?lang=ar');
      expect(answer.statusCode).toBe(303);
      expect(answer.headers['set-cookie']).toContain('i18next=ar');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});
