// A rendered page is kept under its path and only the query its screen reads (the page number of
// a list, the keyword of the search): anything else a client adds must not force a new render,
// or any client could keep the server rendering by adding ?p=1, ?p=2 ... to a post's address.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { languageChoiceOf } from './routes';

let app: FastifyInstance;
let dataDir: string;
let postPath: string;
let renders = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'render-key-'));
  const renderer = await sourcePageRenderer();
  const counted = { ...renderer, entry: { ...renderer.entry, render: (input: Parameters<typeof renderer.entry.render>[0]) => { renders += 1; return renderer.entry.render(input); } } };
  app = await buildApp(makeTestConfig(dataDir, { SEED_DEMO: '0' }), { logger: false, pageRenderer: counted });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { title: 'Kept once', describtion: 'Text', type: 'Iraq', language: 'en' } });
  postPath = `/p/${created.json<{ _id: string }>()._id}`;
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rendersFor = async (urls: string[]) => {
  const before = renders;
  for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  return renders - before;
};

describe('the rendered-page cache key', () => {
  it('attack: page numbers and keywords sent to a post or a text page never make a new render', async () => {
    expect(await rendersFor([postPath])).toBe(1);
    expect(await rendersFor([`${postPath}?p=2`, `${postPath}?p=98765`, `${postPath}?keyword=x`, `${postPath}?q=y&p=3&utm_source=chat`])).toBe(0);
    expect(await rendersFor(['/about', '/about?p=7', '/about?keyword=z'])).toBe(1);
  });

  it('keeps the page number of a list and the keyword of the search, each rendered once', async () => {
    expect(await rendersFor(['/posts/Iraq?p=2', '/posts/Iraq?p=2&utm_source=x'])).toBe(1);
    expect(await rendersFor(['/search?keyword=kept', '/search?q=kept'])).toBe(1);
  });
});

describe('the language switch as a link (?lang=)', () => {
  it('keeps the choice in the i18next cookie and sends the visitor back to the same page, never cached', async () => {
    const answer = await app.inject({ method: 'GET', url: '/search?keyword=law&lang=ar' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/search?keyword=law');
    expect(answer.headers['set-cookie']).toBe('i18next=ar; Path=/; Max-Age=31536000; SameSite=Strict');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const page = await app.inject({ method: 'GET', url: '/search?keyword=law', headers: { cookie: 'i18next=ar' } });
    expect(page.body).toMatch(/<html lang="ar" dir="rtl"/);
  });

  it('attack: an address that a browser would read as another site never becomes the redirect', async () => {
    for (const url of ['//evil.example/?lang=en', '/\\evil.example/?lang=ar', '///evil.example?lang=en']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(303);
      expect(answer.headers.location, url).toMatch(/^\/(?![/\\])/);
    }
  });

  it('attack: the redirect is built from the path alone, with one leading slash', () => {
    expect(languageChoiceOf('//evil.example/x?lang=en')).toEqual({ language: 'en', location: '/evil.example/x' });
    expect(languageChoiceOf('/\\evil.example?lang=ar&p=2')).toEqual({ language: 'ar', location: '/evil.example?p=2' });
    expect(languageChoiceOf('/about?lang=de')).toBeNull();
  });

  it('leaves any other value alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/about?lang=fr' })).statusCode).toBe(200);
  });
});
