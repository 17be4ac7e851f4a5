// GET /api/posts/manage: the dashboard's post list. Paging, newest first, every filter, the
// Arabic-normalised search over all states, who sees what, and attacks on the search and filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { LANGUAGES, POST_STATES, POST_TYPES } from '@shared/domain';
import { facetToken } from './search-index';
import type { PostsRepository } from './repository';
import type { NewPost } from './schema';

let ctx: TestContext;
let adminToken: string;
let authorA: { token: string; id: string };
let authorB: { token: string; id: string };
let repo: PostsRepository;

interface Summary { _id: string; title: string; language: string; type: string; state: string; author: string | null; createdAt: string; altMissing: boolean }
interface ManagePage { posts: Summary[]; total: number; pages: number }

async function manage(query: string, token = adminToken): Promise<ManagePage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/manage${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The nth of 60 posts: every type, both languages, the three states, two authors, one date each. */
function nthPost(n: number): { post: NewPost; author: string; createdAt: string } {
  const language = LANGUAGES[n % 2];
  const state = POST_STATES[n % 3];
  return {
    post: {
      title: language === 'ar' ? `منشور ${n} عن الاتّجار بالبشر` : `Post ${n} about trafficking`,
      describtion: language === 'ar' ? 'نصٌّ عن الحماية' : 'Text about protection',
      language, type: POST_TYPES[n % POST_TYPES.length], state,
      ...(state === 'scheduled' ? { publishAt: '2099-01-01T00:00:00.000Z' } : {}),
    },
    author: n % 4 === 0 ? authorB.id : authorA.id,
    createdAt: new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString(),
  };
}
const SEEDED = Array.from({ length: 60 }, (_, n) => n);

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  authorA = await createAuthor(ctx.app, adminToken, 'manage-a@example.org');
  authorB = await createAuthor(ctx.app, adminToken, 'manage-b@example.org');
  repo = ctx.app.repositories.posts;
  for (const n of SEEDED) {
    const { post, author, createdAt } = nthPost(n);
    await repo.create(post, author, createdAt);
  }
});
afterAll(async () => ctx.cleanup());

const titlesOf = (page: ManagePage) => page.posts.map((post) => post.title);
const expectedTitles = (numbers: number[]) => numbers.map((n) => nthPost(n).post.title);
const newestFirst = (numbers: number[]) => [...numbers].sort((a, b) => b - a);

describe('GET /api/posts/manage', () => {
  it('answers 25 summaries a page, newest first, with the total and the number of pages', async () => {
    const first = await manage('');
    expect(first.total).toBe(60);
    expect(first.pages).toBe(3);
    expect(titlesOf(first)).toEqual(expectedTitles(newestFirst(SEEDED).slice(0, 25)));
    expect(titlesOf(await manage('?page=3'))).toEqual(expectedTitles(newestFirst(SEEDED).slice(50)));
    // Summaries only: no texts and no files travel to the list.
    expect(Object.keys(first.posts[0]).sort()).toEqual(['_id', 'altMissing', 'author', 'authorName', 'createdAt', 'language', 'publishAt', 'state', 'title', 'translationOf', 'type', 'updatedAt', 'views']);
  });

  it('reads a page number leniently and answers an empty page past the end with the true total', async () => {
    const first = await manage('?page=1');
    for (const raw of ['0', '-3', 'abc', '', '1e3x']) expect(await manage(`?page=${raw}`)).toEqual(first);
    expect(await manage('?page=999999999')).toEqual({ posts: [], total: 60, pages: 3 });
    expect(await manage('?page=4&q=trafficking')).toMatchObject({ posts: [], total: 30 });
  });

  it('filters by type, language, state and author, alone and together', async () => {
    const cases: Array<[string, (n: number) => boolean]> = [
      ['?type=Guide', (n) => POST_TYPES[n % 6] === 'Guide'],
      ['?language=ar', (n) => n % 2 === 1],
      ['?state=draft', (n) => n % 3 === 0],
      ['?state=scheduled', (n) => n % 3 === 2],
      [`?author=${authorB.id}`, (n) => n % 4 === 0],
      ['?type=Iraq&language=ar&state=published', (n) => POST_TYPES[n % 6] === 'Iraq' && n % 2 === 1 && n % 3 === 1],
      [`?language=en&author=${authorB.id}&state=published`, (n) => n % 2 === 0 && n % 4 === 0 && n % 3 === 1],
    ];
    for (const [query, keep] of cases) {
      const expected = newestFirst(SEEDED.filter(keep));
      const page = await manage(query);
      expect(page.total, query).toBe(expected.length);
      expect(titlesOf(page), query).toEqual(expectedTitles(expected.slice(0, 25)));
    }
  });

  it('searches in Arabic with the public normalisation, over drafts and scheduled posts too', async () => {
    // Stored as "الاتّجار" (with a shadda); typed as "الإتجار" (hamza under alef).
    const arabic = await manage(`?q=${encodeURIComponent('الإتجار')}`);
    expect(arabic.total).toBe(30);
    expect(titlesOf(arabic)).toEqual(expectedTitles(newestFirst(SEEDED.filter((n) => n % 2 === 1)).slice(0, 25)));
    expect(new Set(arabic.posts.map((post) => post.state))).toEqual(new Set(['draft', 'published', 'scheduled']));
    // Word prefixes, several words, and the texts as well as the titles.
    expect((await manage('?q=traff')).total).toBe(30);
    expect((await manage(`?q=${encodeURIComponent('الحماية منشور')}`)).total).toBe(30);
    expect(titlesOf(await manage('?q=Post%2016'))).toEqual(['Post 16 about trafficking']);
  });

  it('gives a search with filters exactly the posts the filters alone give, for every combination', async () => {
    // Every post of one language matches the word: the search path must agree with the plain filters.
    for (const type of [undefined, 'Guide', 'Form']) {
      for (const state of [undefined, ...POST_STATES]) {
        for (const author of [undefined, authorA.id, authorB.id]) {
          const filters = new URLSearchParams({ language: 'en', ...(type ? { type } : {}), ...(state ? { state } : {}), ...(author ? { author } : {}) });
          const plain = await manage(`?${filters}`);
          filters.set('q', 'trafficking');
          expect(await manage(`?${filters}`), filters.toString()).toEqual(plain);
        }
      }
    }
  });

  it('limits an author to their own posts, whatever author they ask for', async () => {
    const own = newestFirst(SEEDED.filter((n) => n % 4 === 0));
    const mine = await manage('', authorB.token);
    expect(mine.total).toBe(own.length);
    expect(mine.posts.every((post) => post.author === authorB.id)).toBe(true);
    // Asking for someone else's posts, with or without a search, still answers only their own.
    expect(await manage(`?author=${authorA.id}`, authorB.token)).toEqual(mine);
    const searched = await manage(`?author=${authorA.id}&q=${encodeURIComponent('منشور')}`, authorB.token);
    expect(searched.posts.every((post) => post.author === authorB.id)).toBe(true);
    expect(searched.total).toBe(own.filter((n) => n % 2 === 1).length);
  });

  it('cannot be steered by FTS5 syntax in the search: no error, no escape from the filters', async () => {
    const attacks = [
      '"', '""', '*', 'trafficking OR x', 'NEAR(a b)', '{facets}: zstatedraft', 'facets:zstatedraft', '^trafficking', '(', ')',
      `${facetToken.author(authorA.id)}`, `zauthor OR ${facetToken.author(authorA.id)}`, "'; DROP TABLE posts; --", 'a'.repeat(200),
      // Marks, tatweel, joiners, symbols and emoji: each word must stay one token for the index.
      '\u0651\u0651', 'الـــاتجار', 'a\u200db', 'x+y=z', '٣٣٣', '🙂 trafficking', 'ﻻ', 'trafficking\u0000',
    ];
    for (const q of attacks) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/manage?q=${encodeURIComponent(q)}`, headers: bearer(authorB.token) });
      expect(response.statusCode, q).toBe(200);
      const page = response.json() as ManagePage;
      expect(page.posts.every((post) => post.author === authorB.id), q).toBe(true);
    }
    // The filter words are not searchable text: a search for one finds nothing.
    expect((await manage('?q=zstatedraft')).total).toBe(0);
    expect((await manage(`?q=${facetToken.type('Guide')}`)).total).toBe(0);
  });

  it('refuses unknown filter values with a bilingual 400, and anonymous callers with 401', async () => {
    for (const [query, field] of [['?type=Blog', 'type'], ['?language=fr', 'language'], ['?state=archived', 'state'], ['?author=bad%20id', 'author'], [`?q=${'x'.repeat(201)}`, 'q']]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/manage${query}`, headers: bearer(adminToken) });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/posts/manage' })).statusCode).toBe(401);
  });

  it('follows every change at once: new, edited, re-stated and deleted posts', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(authorA.token),
      payload: { title: 'Brand new shelter guide', describtion: 'Where to find help', language: 'en', type: 'Guide', state: 'draft' } });
    const id = created.json()._id as string;
    expect((await manage('?q=shelter')).posts.map((post) => post._id)).toEqual([id]);
    expect((await manage('')).posts[0]._id).toBe(id);

    const edited = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(authorA.token),
      payload: { title: 'Renamed refuge guide', describtion: 'Where to find help', language: 'en', type: 'Form', state: 'published' } });
    expect(edited.statusCode).toBe(200);
    expect((await manage('?q=shelter')).total).toBe(0);
    expect((await manage('?q=refuge&type=Form&state=published')).posts.map((post) => post._id)).toEqual([id]);
    expect((await manage('?q=refuge&type=Guide')).total).toBe(0);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: bearer(authorA.token) })).statusCode).toBe(200);
    expect((await manage('?q=refuge')).total).toBe(0);
    expect((await manage('')).total).toBe(60);
  });

  it("keeps a deleted author's posts listed without an author, in the search as in the filters", async () => {
    const gone = await createAuthor(ctx.app, adminToken, 'manage-gone@example.org');
    await repo.create({ title: 'Orphaned report', describtion: 'x', language: 'en', type: 'Form' }, gone.id, '2025-01-01T00:00:00.000Z');
    expect((await manage(`?author=${gone.id}&q=orphaned`)).total).toBe(1);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${gone.id}`, headers: bearer(adminToken) })).statusCode).toBe(200);
    const found = await manage('?q=orphaned');
    expect(found.posts.map((post) => post.author)).toEqual([null]);
    expect(await manage(`?author=${gone.id}&q=orphaned`)).toEqual({ posts: [], total: 0, pages: 0 });
    expect((await manage(`?author=${gone.id}`)).total).toBe(0);
  });

  it('leaves GET /api/posts/author as it was: full posts, drafts included', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(authorB.token) });
    expect(response.statusCode).toBe(200);
    const posts = response.json() as Array<{ author: string; describtion: string }>;
    expect(posts).toHaveLength(SEEDED.filter((n) => n % 4 === 0).length);
    expect(posts.every((post) => post.author === authorB.id && typeof post.describtion === 'string')).toBe(true);
  });
  it('flags posts with an image or picture that has no text alternative yet (decorative ones are described)', async () => {
    const base = { describtion: 'x', language: 'en', type: 'Flyer And Brochure' } as const;
    const undescribed = await repo.create({ ...base, title: 'Alt flag undescribed image', image: 'uploads/a.webp' }, authorA.id);
    const decorative = await repo.create({ ...base, title: 'Alt flag decorative image', image: 'uploads/b.webp', imageAlt: '' }, authorA.id);
    const picture = await repo.create({ ...base, title: 'Alt flag one picture undescribed', pictures: ['uploads/c.webp', 'uploads/d.webp'], picturesAlt: ['A hotline card', null] }, authorA.id);
    const none = await repo.create({ ...base, title: 'Alt flag no image' }, authorA.id);
    const flags = new Map((await manage('?q=flag')).posts.map((post) => [post._id, post.altMissing]));
    expect(Object.fromEntries([undescribed, decorative, picture, none].map((post) => [post.title, flags.get(post._id)]))).toEqual({
      'Alt flag undescribed image': true, 'Alt flag decorative image': false, 'Alt flag one picture undescribed': true, 'Alt flag no image': false,
    });
    for (const post of [undescribed, decorative, picture, none]) await repo.delete(post._id);
  });
});
