// The public search reads the search index newest first and stops after the page; it counts its
// matches up to a bound and then says there are more (docs/api-contract.md, Paging).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { SEARCH_PAGES_COUNTED } from '@shared/domain';
import type { PostsRepository } from './repository';
import type { NewPost } from './schema';
import { facetToken } from './search-index';

let ctx: TestContext;
let repo: PostsRepository;
const base: NewPost = { title: 'x', describtion: 'y', language: 'en', type: 'Guide' };
const MATCHING = SEARCH_PAGES_COUNTED * 9 + 10;

interface SearchPage { posts: Array<{ _id: string; title: string }>; pages: number; more?: boolean }

async function search(keyword: string, page = 1): Promise<SearchPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/s?keyword=${encodeURIComponent(keyword)}&pageNumber=${page}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  repo = ctx.app.repositories.posts;
  // More matches than the count's bound, one a minute; a draft among them (never counted nor shown).
  for (let n = 0; n < MATCHING; n++) {
    await repo.create({ ...base, title: `Shelter ${n}`, describtion: 'Safe shelter for survivors' }, null, new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString());
  }
  await repo.create({ ...base, title: 'Shelter draft', describtion: 'shelter', state: 'draft' }, null, '2025-01-01T00:00:00.000Z');
});
afterAll(async () => ctx.cleanup());

describe('the public search at the bound of its count', () => {
  it('answers the pages it counted and more: true when more posts match than they hold', async () => {
    const first = await search('shelter');
    expect(first).toMatchObject({ pages: SEARCH_PAGES_COUNTED, more: true });
    expect(first.posts.map((post) => post.title)).toEqual(Array.from({ length: 9 }, (_, k) => `Shelter ${MATCHING - 1 - k}`));
  });

  it('answers the page after the last one counted, and pages past the bound counted up to the page asked for', async () => {
    const next = await search('shelter', SEARCH_PAGES_COUNTED + 1);
    expect(next.posts.map((post) => post.title)).toEqual(Array.from({ length: 9 }, (_, k) => `Shelter ${MATCHING - 1 - SEARCH_PAGES_COUNTED * 9 - k}`));
    expect(next).toMatchObject({ pages: SEARCH_PAGES_COUNTED + 1, more: true });
    const last = await search('shelter', SEARCH_PAGES_COUNTED + 2);
    expect(last).toEqual({ posts: [expect.objectContaining({ title: 'Shelter 0' })], pages: SEARCH_PAGES_COUNTED + 2 });
  });

  it('answers an exact count without more for a search under the bound', async () => {
    // "5" is a word prefix: Shelter 5 and 50 to 59, 11 posts.
    const fives = await search('shelter 5');
    expect(fives.pages).toBe(2);
    expect(fives.more).toBeUndefined();
    expect((await search('shelter 5', 2)).posts.map((post) => post.title)).toEqual(['Shelter 50', 'Shelter 5']);
  });

  it('never matches the index\'s filter tokens: a visitor cannot list posts by state, type or author', async () => {
    for (const token of [facetToken.state('draft'), facetToken.state('published'), facetToken.type('Guide'), facetToken.language('en'), facetToken.author(null), 'facets', 'zstate']) {
      expect(await search(token), token).toEqual({ posts: [], pages: 0 });
    }
  });

  it('shows a post saved a moment ago at once, in its place by date', async () => {
    const post = await repo.create({ ...base, title: 'Shelter newest', describtion: 'shelter' }, null, '2030-01-01T00:00:00.000Z');
    expect((await search('shelter')).posts[0].title).toBe('Shelter newest');
    await repo.update(post._id, { ...base, title: 'Moved away', describtion: 'nothing' });
    expect((await search('shelter')).posts[0].title).toBe(`Shelter ${MATCHING - 1}`);
    expect((await search('moved')).posts.map((found) => found.title)).toEqual(['Moved away']);
  });
});
