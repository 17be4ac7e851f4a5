import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import type { PostsRepository } from './repository';
import type { NewPost } from './schema';

let ctx: TestContext;
let adminToken: string;
let repo: PostsRepository;

const base: NewPost = { title: 'x', describtion: 'y', language: 'en', type: 'Guide' };

/** Posts with chosen dates: day n of January 2024, so newest first is n descending. */
async function seed(count: number, post: Partial<NewPost>) {
  const created = [];
  for (let n = 1; n <= count; n++) {
    created.push(await repo.create({ ...base, title: `Post ${n}`, ...post }, null, `2024-01-${String(n).padStart(2, '0')}T10:00:00.000Z`));
  }
  return created;
}

async function page(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json() as { posts: Array<{ _id: string; title: string; state: string }>; pages: number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  repo = ctx.app.repositories.posts;
});
afterAll(async () => ctx.cleanup());

describe('GET /api/posts/:type/:language', () => {
  it('pages 9 at a time, newest first, published only', async () => {
    await seed(10, { type: 'Training', language: 'en' });
    await repo.create({ ...base, type: 'Training', title: 'Hidden draft', state: 'draft' }, null, '2024-02-01T00:00:00.000Z');
    await repo.create({ ...base, type: 'Training', language: 'ar', title: 'Arabic' }, null, '2024-02-01T00:00:00.000Z');
    const first = await page('/api/posts/Training/en');
    expect(first.pages).toBe(2);
    expect(first.posts.map((p) => p.title)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Post ${n}`));
    expect((await page('/api/posts/Training/en?pageNumber=2')).posts.map((p) => p.title)).toEqual(['Post 1']);
    expect((await page('/api/posts/Training/ar')).posts.map((p) => p.title)).toEqual(['Arabic']);
  });

  it('treats pageNumber 0, -1, abc and empty as 1; past the end answers no posts with the true pages', async () => {
    const first = await page('/api/posts/Training/en?pageNumber=1');
    for (const raw of ['0', '-1', 'abc', '', '1.5x']) {
      expect(await page(`/api/posts/Training/en?pageNumber=${raw}`)).toEqual(first);
    }
    expect(await page('/api/posts/Training/en?pageNumber=3')).toEqual({ posts: [], pages: 2 });
    expect(await page('/api/posts/Training/en?pageNumber=99999999999')).toEqual({ posts: [], pages: 2 });
  });

  it('answers a page number of any size past the end as an empty page with the true pages, never 400', async () => {
    // 13 digits were refused as "at most 12 characters"; beyond 2^53 a number cannot even be held exactly.
    for (const raw of ['9999999999999', '9007199254740993', '9'.repeat(400)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/Training/en?pageNumber=${raw}` });
      expect(response.statusCode, raw.slice(0, 20)).toBe(200);
      expect(response.json()).toEqual({ posts: [], pages: 2 });
      const search = await ctx.app.inject({ method: 'GET', url: `/api/posts/s?keyword=Post&pageNumber=${raw}` });
      expect(search.statusCode).toBe(200);
      expect(search.json().posts).toEqual([]);
    }
  });

  it('answers one page for exactly 9 posts and none for an empty type', async () => {
    await seed(9, { type: 'Form', language: 'ar' });
    const nine = await page('/api/posts/Form/ar');
    expect(nine.pages).toBe(1);
    expect(nine.posts).toHaveLength(9);
    expect(await page('/api/posts/Form/ar?pageNumber=2')).toEqual({ posts: [], pages: 1 });
    expect(await page('/api/posts/International/en')).toEqual({ posts: [], pages: 0 });
  });

  it('answers the same pages through the public posts service, for callers outside HTTP', async () => {
    expect(await ctx.app.publicPosts.list('Training', 'en', 2)).toEqual(await page('/api/posts/Training/en?pageNumber=2'));
    expect(await ctx.app.publicPosts.search('', 1)).toEqual({ posts: [], pages: 0 });
  });

  it('serves the type with a space, URL-encoded', async () => {
    await repo.create({ ...base, type: 'Flyer And Brochure', title: 'Flyer' }, null);
    expect((await page('/api/posts/Flyer%20And%20Brochure/en')).posts.map((p) => p.title)).toEqual(['Flyer']);
  });

  it('answers 400 with the bilingual shape for an unknown type or language', async () => {
    for (const url of ['/api/posts/Blog/en', '/api/posts/Iraq/fr', '/api/posts/iraq/en']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(['type', 'language']).toContain(errorOf(response.body).field);
    }
  });

  it('shows a new, changed or deleted post at once (no stale page)', async () => {
    const token = (await createAuthor(ctx.app, adminToken, 'fresh@example.org')).token;
    const created = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { ...base, type: 'Iraq', title: 'Fresh' } });
    expect((await page('/api/posts/Iraq/en')).posts.map((p) => p.title)).toEqual(['Fresh']);
    const id = created.json()._id;
    await ctx.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload: { ...base, type: 'Iraq', title: 'Fresher' } });
    expect((await page('/api/posts/Iraq/en')).posts.map((p) => p.title)).toEqual(['Fresher']);
    await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: bearer(token) });
    expect(await page('/api/posts/Iraq/en')).toEqual({ posts: [], pages: 0 });
  });
});

describe('GET /api/posts/s', () => {
  beforeAll(async () => {
    await repo.create({ ...base, language: 'ar', type: 'Iraq', title: 'قانون مكافحة الاتّجار بالبشر', describtion: 'نصّ القانون' }, null, '2023-05-01T00:00:00.000Z');
    await repo.create({ ...base, language: 'ar', type: 'Iraq', title: 'دليل', describtion: 'مكافحة الإتجار: حماية الضحايا في المستشفى' }, null, '2023-05-02T00:00:00.000Z');
    await repo.create({ ...base, language: 'ar', type: 'Guide', title: 'مسودة الاتجار', describtion: 'x', state: 'draft' }, null, '2023-05-03T00:00:00.000Z');
    await repo.create({ ...base, title: 'Human TRAFFICKING in Iraq', describtion: 'Forced labour and exploitation.' }, null, '2023-05-04T00:00:00.000Z');
    await repo.create({ ...base, title: 'Café workers', describtion: 'Rights of migrant workers.' }, null, '2023-05-05T00:00:00.000Z');
  });

  const titles = async (keyword: string) => (await page(`/api/posts/s?keyword=${encodeURIComponent(keyword)}`)).posts.map((p) => p.title);

  it('finds الاتّجار and الإتجار when searching الاتجار, newest first, never a draft', async () => {
    expect(await titles('الاتجار')).toEqual(['دليل', 'قانون مكافحة الاتّجار بالبشر']);
    expect(await titles('الإتّجار')).toEqual(['دليل', 'قانون مكافحة الاتّجار بالبشر']);
  });

  it('folds ta marbuta, alef maqsura, diacritics and tatweel at query time too', async () => {
    expect(await titles('حمايه')).toEqual(['دليل']);
    expect(await titles('حمـــايةٌ')).toEqual(['دليل']);
    expect(await titles('الضحايا')).toEqual(['دليل']);
    expect(await titles('المستشفي')).toEqual(['دليل']);
  });

  it('matches English without case, by word prefix, with all words required', async () => {
    expect(await titles('trafficking')).toEqual(['Human TRAFFICKING in Iraq']);
    expect(await titles('TRAFF')).toEqual(['Human TRAFFICKING in Iraq']);
    expect(await titles('forced labour')).toEqual(['Human TRAFFICKING in Iraq']);
    expect(await titles('forced workers')).toEqual([]);
    expect(await titles('cafe')).toEqual(['Café workers']);
  });

  it('answers { posts: [], pages: 0 } for an empty or missing keyword', async () => {
    expect(await page('/api/posts/s?keyword=')).toEqual({ posts: [], pages: 0 });
    expect(await page('/api/posts/s')).toEqual({ posts: [], pages: 0 });
    expect(await page('/api/posts/s?keyword=%20%20')).toEqual({ posts: [], pages: 0 });
  });

  it.each(['"', '*', 'OR', 'NEAR(', '-', 'a OR b', 'NOT x', '"unbalanced', 'title:x', '^start', '(((', 'AND', ')', '{x}', "'; DROP TABLE posts; --", '\u0000'])(
    'never fails on FTS syntax in %j', async (keyword) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/s?keyword=${encodeURIComponent(keyword)}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('pages');
    });

  it('refuses a keyword longer than 200 characters with 400', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/s?keyword=${'a'.repeat(201)}` });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('keyword');
  });

  it('paginates results, 9 a page, with the page number rules of the lists', async () => {
    await seed(11, { type: 'International', language: 'en', describtion: 'shelter support' });
    const first = await page('/api/posts/s?keyword=shelter');
    expect(first.pages).toBe(2);
    expect(first.posts).toHaveLength(9);
    expect(await page('/api/posts/s?keyword=shelter&pageNumber=abc')).toEqual(first);
    expect((await page('/api/posts/s?keyword=shelter&pageNumber=2')).posts).toHaveLength(2);
    expect(await page('/api/posts/s?keyword=shelter&pageNumber=3')).toEqual({ posts: [], pages: 2 });
  });

  it('follows edits: a changed title is found under its new words only', async () => {
    const post = await repo.create({ ...base, title: 'Zebra crossing' }, null);
    expect(await titles('zebra')).toEqual(['Zebra crossing']);
    await repo.update(post._id, { ...base, title: 'Giraffe crossing' });
    expect(await titles('zebra')).toEqual([]);
    expect(await titles('giraffe')).toEqual(['Giraffe crossing']);
    await repo.delete(post._id);
    expect(await titles('giraffe')).toEqual([]);
  });
});
