// What visitors may see of posts, through every public path at once: the API's lists, search, post
// reads and view counts, the rendered pages and their hydration data, the feeds, the sitemap and a
// content bundle made at headquarters. A draft, a scheduled post not yet due and a translation
// still unpublished appear nowhere (nor does a link to that translation), and each path asks
// PublicPosts, the one service that answers it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { extractTarGz } from '../../backup/tar';
import { exportVia } from '../../test/content-bundles';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { generateSigningKey } from '../content-bundles/keys';
import type { PublicPosts } from './public-posts';

let app: FastifyInstance;
let dataDir: string;
let token: string;
const ids: Record<'visible' | 'translation' | 'draft' | 'scheduled', string> = { visible: '', translation: '', draft: '', scheduled: '' };

/** Words that name each hidden post and nothing else. */
const HIDDEN = { translation: 'ترجمةمخفية', draft: 'Quillwort', scheduled: 'Kestrelmoor' };

const get = (url: string) => app.inject({ method: 'GET', url });

async function createPost(body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Guide', language: 'en', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

const hiddenIds = () => [ids.translation, ids.draft, ids.scheduled];

/** The body shows none of the hidden posts: no id, no title word, no link to the translation. */
function expectNothingHidden(body: string): void {
  for (const id of hiddenIds()) expect(body).not.toContain(id);
  for (const word of Object.values(HIDDEN)) expect(body).not.toContain(word);
}

/** Runs `visit` and answers which PublicPosts methods it called. */
async function servicesAsked(visit: () => Promise<unknown>): Promise<string[]> {
  const service = app.publicPosts;
  const methods = ['listPage', 'searchPage', 'list', 'search', 'find', 'answer', 'isVisible', 'countVisible', 'sitemapEntries', 'latest', 'allInBatches', 'someWhole', 'publishDue'] as const satisfies ReadonlyArray<keyof PublicPosts>;
  const spies = methods.map((method) => [method, vi.spyOn(service, method)] as const);
  try {
    await visit();
    return spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([method]) => method);
  } finally {
    for (const [, spy] of spies) spy.mockRestore();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'public-posts-'));
  const keyFile = path.join(dataDir, 'hq-signing-key.pem');
  generateSigningKey(keyFile);
  app = await buildApp(makeTestConfig(dataDir, { CONTENT_SIGNING_KEY: keyFile }), { logger: false, pageRenderer: await sourcePageRenderer() });
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  ids.translation = await createPost({ title: `دليل ${HIDDEN.translation}`, describtion: 'نص لم يُنشر بعد', language: 'ar', state: 'draft' });
  ids.visible = await createPost({ title: 'Harbour safety guide', describtion: 'Visible guidance for visitors', translationOf: ids.translation });
  ids.draft = await createPost({ title: `${HIDDEN.draft} memo`, describtion: `Guidance ${HIDDEN.draft} draft`, state: 'draft' });
  ids.scheduled = await createPost({
    title: `${HIDDEN.scheduled} campaign`, describtion: `Guidance ${HIDDEN.scheduled} for later`, state: 'scheduled',
    publishAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a draft, a scheduled post not yet due and an unpublished translation', () => {
  it('are left out of the API lists and search, and the visible post names no counterpart', async () => {
    for (const url of ['/api/posts/Guide/en', '/api/posts/Guide/ar', '/api/posts/s?keyword=guidance', `/api/posts/s?keyword=${HIDDEN.draft}`, `/api/posts/s?keyword=${encodeURIComponent(HIDDEN.translation)}`]) {
      let response!: Awaited<ReturnType<typeof get>>;
      expect(await servicesAsked(async () => { response = await get(url); }), url).not.toEqual([]);
      expect(response.statusCode, url).toBe(200);
      expectNothingHidden(response.body);
    }
    const list = (await get('/api/posts/Guide/en')).json<{ posts: Array<{ _id: string; translationOf: string | null }>; pages: number }>();
    expect(list).toMatchObject({ posts: [{ _id: ids.visible, translationOf: null }], pages: 1 });
    expect((await get('/api/posts/Guide/ar')).json()).toEqual({ posts: [], pages: 0 });
  });

  it('are not found by id, and a visitor\'s read of the visible post names no counterpart', async () => {
    for (const id of hiddenIds()) {
      let read!: Awaited<ReturnType<typeof get>>;
      expect(await servicesAsked(async () => { read = await get(`/api/posts/${id}`); })).toContain('answer');
      expect(read.statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: `/api/posts/${id}/view` })).statusCode).toBe(404);
    }
    const visible = await get(`/api/posts/${ids.visible}`);
    expect(visible.json()).toMatchObject({ _id: ids.visible, translationOf: null });
    expect(visible.json()).not.toHaveProperty('author');
    // Staff who manage the post still see the link they made.
    expect((await app.inject({ method: 'GET', url: `/api/posts/${ids.visible}`, headers: bearer(token) })).json()).toMatchObject({ translationOf: ids.translation });
  });

  it('have no rendered page, and no rendered page or its hydration data shows them', async () => {
    for (const id of hiddenIds()) expect((await get(`/p/${id}`)).statusCode).toBe(404);
    for (const url of ['/posts/Guide', '/search?keyword=guidance', `/p/${ids.visible}`]) {
      let page!: Awaited<ReturnType<typeof get>>;
      expect(await servicesAsked(async () => { page = await app.inject({ method: 'GET', url, headers: { cookie: 'i18next=ar' } }); }), url).not.toEqual([]);
      expect(page.statusCode, url).toBe(200);
      expectNothingHidden(page.body);
    }
    expect((await get(`/p/${ids.visible}`)).body).not.toContain('hreflang="ar"');
    // A search for a hidden post's own word repeats the word, and finds nothing.
    const search = await get(`/search?keyword=${HIDDEN.scheduled}`);
    for (const id of hiddenIds()) expect(search.body).not.toContain(id);
    const data = JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(search.body)![1]) as { answers: Record<string, unknown> };
    expect(data.answers[`/api/posts/s?keyword=${HIDDEN.scheduled}&pageNumber=1`]).toEqual({ data: { posts: [], pages: 0 } });
  });

  it('are in neither feed nor the sitemap', async () => {
    for (const url of ['/feed/en.xml', '/feed/ar.xml', '/sitemap.xml']) {
      let answer!: Awaited<ReturnType<typeof get>>;
      expect(await servicesAsked(async () => { answer = await get(url); }), url).not.toEqual([]);
      expect(answer.statusCode, url).toBe(200);
      expectNothingHidden(answer.body);
    }
    expect((await get('/feed/en.xml')).body).toContain('Harbour safety guide');
    expect((await get('/sitemap.xml')).body).toContain(`/p/${ids.visible}`);
  });

  it('do not travel in a content bundle, nor does the link to the translation', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'public-posts-bundle-'));
    try {
      let bundle = '';
      expect(await servicesAsked(async () => { bundle = await exportVia(app, token, path.join(scratch, 'full.tar.gz')); })).toContain('publishDue');
      await extractTarGz(bundle, path.join(scratch, 'unpacked'));
      const content = readFileSync(path.join(scratch, 'unpacked', 'content.json'), 'utf8');
      expectNothingHidden(content);
      const { posts } = JSON.parse(content) as { posts: Array<{ id: string; translationOf: string | null }> };
      expect(posts).toEqual([expect.objectContaining({ id: ids.visible, translationOf: null })]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
