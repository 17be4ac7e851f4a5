// Caches that survive staff at work: a save drops only the cached answers and rendered pages that
// read what it changed, searches are recomputed once for many visitors, and nothing changed is
// ever shown stale (docs/decisions.md, "Caches that survive staff at work").
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { answerKeptForTouch } from './page-data';

let app: FastifyInstance;
let context: TestContext;
let token: string;

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: 'i18next=en' } });
async function createPost(body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { describtion: 'Text', type: 'Training', language: 'en', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}
const save = (id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload: { describtion: 'Text', type: 'Training', language: 'en', ...body } });

/** Counts the repository's reads of lists and searches while `visit` runs. */
async function readsDuring(visit: () => Promise<unknown>): Promise<{ lists: number; searches: number }> {
  const lists = vi.spyOn(app.repositories.posts, 'visiblePage');
  const searches = vi.spyOn(app.repositories.posts, 'visibleSearchPage');
  try {
    await visit();
    return { lists: lists.mock.calls.length, searches: searches.mock.calls.length };
  } finally {
    lists.mockRestore();
    searches.mockRestore();
  }
}

beforeAll(async () => {
  context = await createTestApp({}, { pageRenderer: await sourcePageRenderer() });
  app = context.app;
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => context.cleanup());

describe('caches and a staff save', () => {
  it('keeps the lists of other types and languages, and drops those of the saved post, before and after', async () => {
    const guide = await createPost({ title: 'Shelter guide', type: 'Guide' });
    await createPost({ title: 'Iraq law', type: 'Iraq' });
    await createPost({ title: 'قانون', type: 'Iraq', language: 'ar' });
    for (const url of ['/api/posts/Guide/en', '/api/posts/Iraq/en', '/api/posts/Iraq/ar', '/api/posts/Form/en']) await get(url);

    expect((await save(guide, { title: 'Shelter guide, now a form', type: 'Form' })).statusCode).toBe(200);
    const untouched = await readsDuring(() => get('/api/posts/Iraq/en').then(() => get('/api/posts/Iraq/ar')));
    expect(untouched.lists).toBe(0);
    const touched = await readsDuring(async () => {
      expect((await get('/api/posts/Guide/en')).json().posts).toEqual([]);
      expect((await get('/api/posts/Form/en')).json().posts.map((post: { title: string }) => post.title)).toEqual(['Shelter guide, now a form']);
    });
    expect(touched.lists).toBe(2);
  });

  it('keeps the rendered pages of other posts, and re-renders the saved post and the list it is in', async () => {
    const saved = await createPost({ title: 'Hotline hours' });
    const other = await createPost({ title: 'Court support', type: 'Guide' });
    for (const url of [`/p/${saved}`, `/p/${other}`, '/posts/Training', '/posts/Guide', '/about']) expect((await get(url)).statusCode).toBe(200);
    const before = { other: (await get(`/p/${other}`)).headers.etag, guides: (await get('/posts/Guide')).headers.etag, about: (await get('/about')).headers.etag };

    expect((await save(saved, { title: 'Hotline hours, all week' })).statusCode).toBe(200);
    const render = vi.spyOn(app.publicPosts, 'answer');
    try {
      expect((await get(`/p/${other}`)).headers.etag).toBe(before.other);
      expect(render).not.toHaveBeenCalled();
      expect((await get(`/p/${saved}`)).body).toContain('Hotline hours, all week');
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      render.mockRestore();
    }
    expect((await get('/posts/Training')).body).toContain('Hotline hours, all week');
    expect((await get('/posts/Guide')).headers.etag).toBe(before.guides);
    expect((await get('/about')).headers.etag).toBe(before.about);
  });

  it('drops the page of a post whose counterpart is hidden: its link to the other language goes at once', async () => {
    const english = await createPost({ title: 'Rights at work' });
    const arabic = await createPost({ title: 'الحقوق في العمل', language: 'ar', translationOf: english });
    expect((await get(`/p/${english}`)).body).toContain(`/p/${arabic}`);
    expect((await save(arabic, { title: 'الحقوق في العمل', language: 'ar', state: 'draft' })).statusCode).toBe(200);
    const page = (await get(`/p/${english}`)).body;
    expect(page).not.toContain(`/p/${arabic}`);
  });

  it('keeps with a rendered page only what a change needs of its data: a post\'s counterpart, never its text', () => {
    const post = { _id: 'a', title: 'Title', describtion: 'A long text. '.repeat(1000), translationOf: 'b' };
    expect(answerKeptForTouch({ read: 'post', id: 'a' }, { data: post })).toEqual({ data: { translationOf: 'b' } });
    expect(answerKeptForTouch({ read: 'post', id: 'a' }, { data: { ...post, translationOf: null } })).toBeUndefined();
    expect(answerKeptForTouch({ read: 'pageText', type: 'About' }, { data: { contentEn: 'A long text. '.repeat(1000) } })).toBeUndefined();
  });

  it('shows the first search after a save its result, and answers many concurrent visitors of a missed search with one read', async () => {
    const id = await createPost({ title: 'Zebra shelter' });
    expect((await get('/api/posts/s?keyword=zebra')).json().posts).toHaveLength(1);
    expect((await save(id, { title: 'Giraffe shelter' })).statusCode).toBe(200);
    expect((await get('/api/posts/s?keyword=zebra')).json().posts).toEqual([]);

    const burst = await readsDuring(() => Promise.all(Array.from({ length: 20 }, () => get('/api/posts/s?keyword=giraffe'))));
    expect(burst.searches).toBe(1);
    const pages = await readsDuring(() => Promise.all(Array.from({ length: 20 }, () => get('/search?keyword=shelter'))));
    expect(pages.searches).toBe(1);
  });

  it('keeps rendered pages of posts through a change of another kind, and renders every page again on a settings change', async () => {
    const id = await createPost({ title: 'Safe travel' });
    const first = (await get(`/p/${id}`)).headers.etag;
    await app.inject({ method: 'POST', url: '/api/contact', headers: bearer(token), payload: { type: 'phone', value: '+964 750 000 0000' } });
    expect((await get(`/p/${id}`)).headers.etag).toBe(first);
    expect((await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: { quickExitUrl: 'https://example.org/news' } })).statusCode).toBe(200);
    const after = await get(`/p/${id}`);
    expect(after.headers.etag).not.toBe(first);
    expect(after.body).toContain('https://example.org/news');
  });
});
