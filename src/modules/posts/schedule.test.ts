// Scheduled posts: the rules of publishAt, hidden from visitors until their time, then public
// everywhere at once (list, search, detail, counts) without a restart and whatever the page cache
// held. The clock is moved with Vitest's fake Date; nothing else is faked.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { parsePublishAt } from './schedule';

let ctx: TestContext;
let adminToken: string;
let author: { token: string; id: string };

const T0 = Date.parse('2030-07-29T12:00:00.000Z');
const post = { title: 'World Day against Trafficking in Persons', describtion: 'Campaign text about trafficking', language: 'en', type: 'International' };

const send = (method: 'POST' | 'PUT', url: string, payload: object, token = author.token) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });
const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const publicTitles = async (url: string) => ((await get(url)).json() as { posts: Array<{ title: string }> }).posts.map((p) => p.title);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  author = await createAuthor(ctx.app, adminToken, 'scheduler@example.org');
});
afterEach(() => vi.setSystemTime(T0));
afterAll(async () => {
  await ctx.cleanup();
  vi.useRealTimers();
});

describe('parsePublishAt', () => {
  it('keeps real times with an offset, in UTC', () => {
    expect(parsePublishAt('2030-07-30T00:00:00+03:00')).toBe('2030-07-29T21:00:00.000Z');
    expect(parsePublishAt('2030-07-30T00:00+03:00')).toBe('2030-07-29T21:00:00.000Z');
    expect(parsePublishAt('2030-07-29T21:00:00.000Z')).toBe('2030-07-29T21:00:00.000Z');
  });
  it.each(['2030-07-30T00:00:00', '2030-07-30', '30/07/2030 00:00', '2030-02-30T00:00:00Z', '2030-13-01T00:00:00Z', '1999-12-31T23:00:00Z', 'tomorrow', ''])('refuses %j', (raw) => {
    expect(parsePublishAt(raw)).toBeNull();
  });
});

describe('scheduling a post', () => {
  it.each([
    [{ state: 'scheduled' }, 'A scheduled post needs the time it will be published'],
    [{ state: 'scheduled', publishAt: null }, 'A scheduled post needs the time it will be published'],
    [{ state: 'scheduled', publishAt: '2030-07-30T00:00:00' }, 'The publication time is not a valid date and time with its time zone'],
    [{ state: 'scheduled', publishAt: '2030-02-30T00:00:00+03:00' }, 'The publication time is not a valid date and time with its time zone'],
    [{ state: 'scheduled', publishAt: '2030-07-29T11:59:59Z' }, 'The publication time must be in the future'],
  ])('refuses %j with a bilingual 400 on publishAt', async (extra, message) => {
    const response = await send('POST', '/api/posts', { ...post, ...extra });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error).toMatchObject({ field: 'publishAt', messageEn: message });
  });

  it('drops a publication time given with any other state', async () => {
    const response = await send('POST', '/api/posts', { ...post, title: 'Draft with a time', state: 'draft', publishAt: '2031-01-01T00:00:00Z' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ state: 'draft', publishAt: null });
  });

  it('is hidden from visitors until its time, then public everywhere without a restart', async () => {
    // Warm the public caches first: a cached page must not keep hiding the post later.
    expect(await publicTitles('/api/posts/International/en')).toEqual([]);
    expect(await publicTitles('/api/posts/s?keyword=campaign')).toEqual([]);

    const created = await send('POST', '/api/posts', { ...post, state: 'scheduled', publishAt: '2030-07-30T00:00:00+03:00' });
    expect(created.statusCode).toBe(201);
    const scheduled = created.json() as { _id: string; state: string; publishAt: string; createdAt: string };
    expect(scheduled).toMatchObject({ state: 'scheduled', publishAt: '2030-07-29T21:00:00.000Z' });

    // One second before: hidden from the list, the search, the counts and the detail; staff see it.
    vi.setSystemTime(Date.parse('2030-07-29T20:59:59.000Z'));
    expect(await publicTitles('/api/posts/International/en')).toEqual([]);
    expect((await get('/api/posts/International/en')).json().pages).toBe(0);
    expect(await publicTitles('/api/posts/s?keyword=campaign')).toEqual([]);
    expect((await get(`/api/posts/${scheduled._id}`)).statusCode).toBe(404);
    expect((await get(`/api/posts/${scheduled._id}`, author.token)).json()).toMatchObject({ state: 'scheduled', views: 0 });

    // At its time: public at once, dated by its publication, counted as views from now on.
    vi.setSystemTime(Date.parse('2030-07-29T21:00:00.000Z'));
    expect(await publicTitles('/api/posts/International/en')).toEqual([post.title]);
    expect((await get('/api/posts/International/en')).json().pages).toBe(1);
    expect(await publicTitles('/api/posts/s?keyword=campaign')).toEqual([post.title]);
    const detail = await get(`/api/posts/${scheduled._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ state: 'published', publishAt: null, createdAt: '2030-07-29T21:00:00.000Z', views: 1 });

    // The dashboard list files it under published now.
    const manage = await get('/api/posts/manage?state=published', author.token);
    expect(manage.json().posts.map((p: { _id: string }) => p._id)).toContain(scheduled._id);
    expect((await get('/api/posts/manage?state=scheduled', author.token)).json().total).toBe(0);

    // The audit log says the server published it, and when.
    const audit = (await get('/api/audit', adminToken)).json().entries as Array<{ entityId: string; userEmail: string; action: string; changes: Record<string, unknown> }>;
    expect(audit.find((entry) => entry.entityId === scheduled._id && entry.userEmail === 'system')).toMatchObject({
      action: 'update', changes: { state: { from: 'scheduled', to: 'published' }, publishedAt: { to: '2030-07-29T21:00:00.000Z' } },
    });
  });

  it('keeps the time when a scheduled post is saved again, and moves it when asked', async () => {
    const created = (await send('POST', '/api/posts', { ...post, title: 'Moved campaign', state: 'scheduled', publishAt: '2030-08-01T09:00:00+03:00' })).json();
    // The dashboard form sends the state and time it loaded; saving the texts keeps both.
    const saved = await send('PUT', `/api/posts/${created._id}`, { ...post, title: 'Moved campaign v2', state: 'scheduled', publishAt: created.publishAt });
    expect(saved.json()).toMatchObject({ state: 'scheduled', publishAt: '2030-08-01T06:00:00.000Z' });
    const withoutState = await send('PUT', `/api/posts/${created._id}`, { ...post, title: 'Moved campaign v3' });
    expect(withoutState.json()).toMatchObject({ state: 'scheduled', publishAt: '2030-08-01T06:00:00.000Z' });
    const moved = await send('PUT', `/api/posts/${created._id}`, { ...post, title: 'Moved campaign v3', publishAt: '2030-08-02T09:00:00+03:00' });
    expect(moved.json()).toMatchObject({ state: 'scheduled', publishAt: '2030-08-02T06:00:00.000Z' });
    expect((await send('PUT', `/api/posts/${created._id}`, { ...post, publishAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    // Publishing by hand clears the time.
    const now = await send('PUT', `/api/posts/${created._id}`, { ...post, title: 'Moved campaign v3', state: 'published' });
    expect(now.json()).toMatchObject({ state: 'published', publishAt: null });
    const audit = (await get('/api/audit', adminToken)).json().entries as Array<{ entityId: string; changes: Record<string, unknown> }>;
    expect(audit.find((entry) => entry.entityId === created._id)?.changes).toMatchObject({ state: { from: 'scheduled', to: 'published' }, publishAt: { from: '2030-08-02T06:00:00.000Z' } });
  });

  it('never shows a scheduled post early, even to a search cached just before', async () => {
    await send('POST', '/api/posts', { ...post, title: 'Early bird notice', type: 'Guide', state: 'scheduled', publishAt: '2030-07-29T12:00:10Z' });
    expect(await publicTitles('/api/posts/Guide/en')).toEqual([]);
    vi.setSystemTime(T0 + 9_999);
    expect(await publicTitles('/api/posts/Guide/en')).toEqual([]);
    vi.setSystemTime(T0 + 10_000);
    expect(await publicTitles('/api/posts/Guide/en')).toEqual(['Early bird notice']);
  });
});
