// The one "public content changed" signal: what a staff save, a scheduled post coming due and the
// timer announce, with enough said (kind, cause, ids, languages) for a cache to drop only what
// changed; and what is not announced (a visitor's view, a failed save).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeNames, type ContentChange } from './content-changes';
import { SCHEDULE_CHECK_MS, ScheduledPosts } from './modules/posts/scheduled-posts';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from './test/helpers';

let ctx: TestContext;
let token: string;
let heard: ContentChange[] = [];

const post = { title: 'Shelter opening hours', describtion: 'Open every day', language: 'en', type: 'Guide' };
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => ctx.app.inject({ method, url, payload, headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  ctx.app.contentChanges.listen((change) => heard.push(change));
});
afterEach(() => {
  heard = [];
  vi.useRealTimers();
});
afterAll(async () => ctx.cleanup());

describe('public content changed', () => {
  it('is announced by each staff save with the post, its languages and types before and after, and the cause', async () => {
    const id = (await send('POST', '/api/posts', post)).json<{ _id: string }>()._id;
    expect(heard).toEqual([{ kind: 'posts', cause: 'write', ids: [id], languages: ['en'], types: ['Guide'] }]);
    heard = [];
    expect((await send('PUT', `/api/posts/${id}`, { ...post, language: 'ar', type: 'Form' })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: 'posts', cause: 'write', ids: [id], languages: ['en', 'ar'], types: ['Guide', 'Form'] }]);
    heard = [];
    expect((await send('DELETE', `/api/posts/${id}`)).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: 'posts', cause: 'write', ids: [id], languages: ['ar'], types: ['Form'] }]);
  });

  it('names the counterpart of a saved post, whose page and lists name it only while it is public', async () => {
    const english = (await send('POST', '/api/posts', post)).json<{ _id: string }>()._id;
    const arabic = (await send('POST', '/api/posts', { ...post, title: 'ساعات عمل الملجأ', language: 'ar', type: 'Iraq', translationOf: english })).json<{ _id: string }>()._id;
    heard = [];
    expect((await send('PUT', `/api/posts/${english}`, { ...post, state: 'draft' })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: 'posts', cause: 'write', ids: [english, arabic], languages: ['en', 'ar'], types: ['Guide', 'Iraq'] }]);
  });

  it('names the kind of every other content, and the settings every page shows', async () => {
    const city = (await send('POST', '/api/maps', { name: 'Duhok', branch: [] })).json<{ _id: string }>()._id;
    await send('POST', '/api/content/About', { contentEn: 'About us', contentAr: 'من نحن' });
    await send('PUT', '/api/settings', { quickExitUrl: 'https://example.org/weather' });
    expect(heard.map(({ kind, cause, ids }) => ({ kind, cause, ids }))).toEqual([
      { kind: 'cities', cause: 'write', ids: [city] },
      { kind: 'page-texts', cause: 'write', ids: ['About'] },
      { kind: 'settings', cause: 'write', ids: [] },
    ]);
  });

  it('is not announced for a visitor\'s view, nor for a save that was refused', async () => {
    const id = (await send('POST', '/api/posts', post)).json<{ _id: string }>()._id;
    heard = [];
    await ctx.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    await ctx.app.inject({ method: 'POST', url: `/api/posts/${id}/view` });
    expect((await send('PUT', `/api/posts/${id}`, { ...post, title: '' })).statusCode).toBe(400);
    expect(heard).toEqual([]);
  });

  it('is announced by the timer when a scheduled post comes due and nobody reads', async () => {
    const publishAt = new Date(Date.now() + 60_000).toISOString();
    const id = (await send('POST', '/api/posts', { ...post, title: 'Campaign at noon', state: 'scheduled', publishAt })).json<{ _id: string }>()._id;
    heard = [];
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const schedule = new ScheduledPosts(ctx.app.repositories.posts, ctx.app.contentChanges);
    schedule.start((error) => { throw error; });
    try {
      await vi.advanceTimersByTimeAsync(SCHEDULE_CHECK_MS);
      expect(heard).toEqual([]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(heard).toEqual([{ kind: 'posts', cause: 'schedule', ids: [id], languages: ['en'], types: ['Guide'] }]);
      expect((await ctx.app.repositories.posts.findById(id))?.state).toBe('published');
    } finally {
      schedule.stop();
    }
  });
});

describe('changeNames', () => {
  it('finds an item among the 100,000 a whole bundle names, and no item it does not name', () => {
    const ids = Array.from({ length: 100_000 }, (_, n) => n.toString(16).padStart(24, '0'));
    const change = { kind: 'posts', cause: 'bundle', ids, languages: ['en', 'ar'] } as const;
    expect(changeNames(change, ids[99_999]!)).toBe(true);
    expect(changeNames(change, ids[0]!)).toBe(true);
    expect(changeNames(change, 'f'.repeat(24))).toBe(false);
  });
});
