import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { buildApp } from '../../app';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, makeTestConfig, type TestContext } from '../../test/helpers';
import { databaseFilesContain, tablesContaining } from '../../test/personal-data-scan';
import { lastDays, pathOnly } from './days';

let ctx: TestContext;
const TEST_IP = '203.0.113.91';
const TEST_UA = 'EventsTestAgent/1.0 (marker-5521)';

const send = (payload: unknown, remoteAddress = TEST_IP) =>
  ctx.app.inject({ method: 'POST', url: '/api/events', payload: payload as object, remoteAddress, headers: { 'user-agent': TEST_UA, cookie: 'tracking=cookie-marker-8812' } });

async function sendAt(isoTime: string, name: string, path: string, times = 1): Promise<void> {
  vi.setSystemTime(new Date(isoTime));
  for (let i = 0; i < times; i++) {
    const response = await send({ name, path });
    if (response.statusCode !== 204) throw new Error(`event answered ${response.statusCode} ${response.body}`);
  }
}

beforeAll(async () => {
  // Only Date is faked so events can be placed on chosen days.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
  ctx = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.cleanup();
});

describe('helpers', () => {
  it('lists the window of days oldest first, across month ends', () => {
    expect(lastDays(new Date('2026-03-02T05:00:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-02T23:59:59Z'), 1)).toEqual(['2026-03-02']);
  });

  it('keeps only the path', () => {
    expect(pathOnly('/search?keyword=secret')).toBe('/search');
    expect(pathOnly('/p/1#album')).toBe('/p/1');
    expect(pathOnly('/posts/Iraq?p=2#x')).toBe('/posts/Iraq');
    expect(pathOnly('/')).toBe('/');
    expect(pathOnly('/posts/Flyer%20And%20Brochure?p=2')).toBe('/posts/Flyer And Brochure');
    expect(pathOnly('/maps/%D8%A7%D9%84%D8%A8%D8%B5%D8%B1%D8%A9')).toBe('/maps/البصرة');
    expect(pathOnly('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
    expect(pathOnly('/a%0Ab')).toBe('/a%0Ab');
  });

  it('counts a page at its language addresses as the page itself, and nothing else as one', () => {
    expect(pathOnly('/ar/about')).toBe('/about');
    expect(pathOnly('/en/maps/%D8%A7%D9%84%D8%A8%D8%B5%D8%B1%D8%A9?x=1')).toBe('/maps/البصرة');
    expect(pathOnly('/ar/')).toBe('/');
    expect(pathOnly('/ar')).toBe('/');
    expect(pathOnly('/arabic/about')).toBe('/arabic/about');
    expect(pathOnly('/AR/about')).toBe('/AR/about');
  });
});

describe('POST /api/events', () => {
  it('counts a page view and a Contact Us click without a token and answers 204 with no body', async () => {
    for (const payload of [{ name: 'pageview', path: '/' }, { name: 'contact_click', path: '/contact' }]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    expect(ctx.app.sqlite.prepare('SELECT day, name, path, count FROM event_counts ORDER BY name').all()).toEqual([
      { day: '2026-05-01', name: 'contact_click', path: '/contact', count: 1 },
      { day: '2026-05-01', name: 'pageview', path: '/', count: 1 },
    ]);
  });

  it('adds to the day\'s count of the same name and path', async () => {
    await send({ name: 'pageview', path: '/' });
    await send({ name: 'pageview', path: '/' });
    expect(ctx.app.sqlite.prepare("SELECT count FROM event_counts WHERE name = 'pageview' AND path = '/'").get()).toEqual({ count: 3 });
  });

  it('drops the query string and fragment before storing', async () => {
    expect((await send({ name: 'pageview', path: '/search?keyword=secret-term-4411&token=abc#frag-xyz' })).statusCode).toBe(204);
    expect((await send({ name: 'pageview', path: '/search#only-fragment' })).statusCode).toBe(204);
    expect((await send({ name: 'pageview', path: '/?q=1' })).statusCode).toBe(204);
    const rows = ctx.app.sqlite.prepare("SELECT path, count FROM event_counts WHERE name = 'pageview' ORDER BY path").all();
    expect(rows).toEqual([{ path: '/', count: 4 }, { path: '/search', count: 2 }]);
    for (const needle of ['secret-term-4411', 'token=abc', 'frag-xyz', 'only-fragment']) {
      expect(tablesContaining(ctx.app.sqlite, needle)).toEqual([]);
    }
  });

  it('accepts a path of exactly 200 characters and Arabic paths, verbatim', async () => {
    expect((await send({ name: 'pageview', path: `/${'a'.repeat(199)}` })).statusCode).toBe(204);
    expect((await send({ name: 'pageview', path: "/maps/البصرة'; DROP TABLE event_counts;--" })).statusCode).toBe(204);
    expect(ctx.app.sqlite.prepare('SELECT count(*) AS n FROM event_counts WHERE path = ?').get("/maps/البصرة'; DROP TABLE event_counts;--")).toEqual({ n: 1 });
    expect((await send({ name: 'pageview', path: '/posts/Flyer And Brochure' })).statusCode).toBe(204);
  });

  it.each([
    [{ name: 'click', path: '/' }, 'name'],
    [{ name: 'PAGEVIEW', path: '/' }, 'name'],
    [{ path: '/' }, 'name'],
    [{ name: 'pageview' }, 'path'],
    [{ name: 'pageview', path: '' }, 'path'],
    [{ name: 'pageview', path: 'posts/Iraq' }, 'path'],
    [{ name: 'pageview', path: 'https://evil.example/' }, 'path'],
    [{ name: 'pageview', path: `/${'a'.repeat(200)}` }, 'path'],
    [{ name: 'pageview', path: '/a\nb' }, 'path'],
    [{ name: 'pageview', path: '/a\tb' }, 'path'],
    [{ name: 'pageview', path: '//evil.example/x' }, 'path'],
    [{ name: 'pageview', path: 42 }, 'path'],
    [{ name: 'pageview', path: ['/'] }, 'path'],
    [{ name: 'pageview', path: '/', ip: '1.2.3.4' }, 'ip'],
  ])('refuses %j with 400 (field %s)', async (payload, field) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('explains a path that does not start with a slash', async () => {
    const response = await send({ name: 'pageview', path: 'about' });
    expect(errorOf(response.body)).toMatchObject({ field: 'path', messageEn: expect.stringContaining('starting with /') });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/events', headers: { 'content-type': 'application/json' }, payload: '{"name":"pageview",' });
    expect(response.statusCode).toBe(400);
    errorOf(response.body);
  });

  it('keeps no address, user agent or cookie', () => {
    for (const needle of [TEST_IP, 'marker-5521', 'cookie-marker-8812']) {
      expect(tablesContaining(ctx.app.sqlite, needle)).toEqual([]);
      expect(databaseFilesContain(ctx.config.databaseFile, needle)).toBe(false);
    }
  });
});

describe('GET /api/events/summary', () => {
  let adminToken: string;
  let authorToken: string;

  beforeAll(async () => {
    ctx.app.sqlite.prepare('DELETE FROM event_counts').run();
    await sendAt('2026-04-01T10:00:00Z', 'pageview', '/old', 50); // outside a 30-day window ending 2026-05-01
    await sendAt('2026-04-02T00:00:00Z', 'pageview', '/about', 2); // first day of the window
    await sendAt('2026-04-02T23:59:59Z', 'contact_click', '/contact', 1);
    await sendAt('2026-04-20T08:00:00Z', 'pageview', '/ht', 3);
    await sendAt('2026-05-01T09:00:00Z', 'pageview', '/about', 1);
    await sendAt('2026-05-01T09:00:00Z', 'pageview', '/', 4);
    await sendAt('2026-05-01T09:00:00Z', 'contact_click', '/contact', 2);
    for (let i = 0; i < 12; i++) await sendAt('2026-04-25T09:00:00Z', 'pageview', `/p/${String(i).padStart(2, '0')}`, 1);
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
    adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
    authorToken = (await createAuthor(ctx.app, adminToken, 'stats-author@example.org')).token;
  });

  const summary = (query: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/events/summary${query}`, headers: token ? bearer(token) : {} });

  it('answers 401 without a token and 403 for a user who is neither author nor admin', async () => {
    const anonymous = await summary('');
    expect(anonymous.statusCode).toBe(401);
    errorOf(anonymous.body);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Reader', email: 'reader@example.org', password: 'reader-password-1', isAdmin: false, isAuthor: false } });
    expect(created.statusCode).toBe(201);
    const readerToken = await login(ctx.app, 'reader@example.org', 'reader-password-1');
    const forbidden = await summary('', readerToken);
    expect(forbidden.statusCode).toBe(403);
    errorOf(forbidden.body);
  });

  it('answers 30 zero-filled days by default, oldest first, with the right totals (author)', async () => {
    const response = await summary('', authorToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toBe(30);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]).toEqual({ day: '2026-04-02', pageview: 2, contact_click: 1 });
    expect(body.daily[29]).toEqual({ day: '2026-05-01', pageview: 5, contact_click: 2 });
    expect(body.daily[1]).toEqual({ day: '2026-04-03', pageview: 0, contact_click: 0 });
    expect(body.daily.find((d: { day: string }) => d.day === '2026-04-20')).toEqual({ day: '2026-04-20', pageview: 3, contact_click: 0 });
    expect(body.daily.find((d: { day: string }) => d.day === '2026-04-25')).toEqual({ day: '2026-04-25', pageview: 12, contact_click: 0 });
    const days = body.daily.map((d: { day: string }) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(30);
    expect(body.totals).toEqual({ pageview: 2 + 3 + 12 + 5, contact_click: 3 });
    const sum = body.daily.reduce((acc: number, d: { pageview: number }) => acc + d.pageview, 0);
    expect(sum).toBe(body.totals.pageview);
  });

  it('lists the 10 most viewed paths in the window, ties by path, clicks not counted', async () => {
    const { topPaths } = (await summary('?days=30', adminToken)).json();
    expect(topPaths).toHaveLength(10);
    expect(topPaths.slice(0, 3)).toEqual([{ path: '/', label: 'Home', pageview: 4 }, { path: '/about', label: 'About us', pageview: 3 }, { path: '/ht', label: 'Human trafficking', pageview: 3 }]);
    expect(topPaths.slice(3)).toEqual(['00', '01', '02', '03', '04', '05', '06'].map((n) => ({ path: `/p/${n}`, label: null, pageview: 1 })));
    expect(topPaths.map((p: { path: string }) => p.path)).not.toContain('/old');
    expect(topPaths.map((p: { path: string }) => p.path)).not.toContain('/contact');
  });

  it('narrows the summary to one page with path (query string ignored, unknown page all zero)', async () => {
    const about = (await summary('?days=30&path=%2Fabout%3Flang%3Dar', adminToken)).json();
    expect(about.totals.pageview).toBe(3);
    expect(about.topPaths).toEqual([{ path: '/about', label: 'About us', pageview: 3 }]);
    expect(about.daily.reduce((acc: number, d: { pageview: number }) => acc + d.pageview, 0)).toBe(3);
    const nowhere = (await summary('?days=30&path=%2Fnowhere', adminToken)).json();
    expect(nowhere.totals).toEqual({ pageview: 0, contact_click: 0 });
    expect(nowhere.topPaths).toEqual([]);
  });

  it('narrows and widens the window with days', async () => {
    const one = (await summary('?days=1', authorToken)).json();
    expect(one).toEqual({
      days: 1,
      from: '2026-05-01',
      to: '2026-05-01',
      totals: { pageview: 5, contact_click: 2 },
      daily: [{ day: '2026-05-01', pageview: 5, contact_click: 2 }],
      topPaths: [{ path: '/', label: 'Home', pageview: 4 }, { path: '/about', label: 'About us', pageview: 1 }],
    });
    const year = (await summary('?days=365', authorToken)).json();
    expect(year.daily).toHaveLength(365);
    expect(year.daily[364].day).toBe('2026-05-01');
    expect(year.totals.pageview).toBe(72);
    expect(year.topPaths[0]).toEqual({ path: '/old', label: null, pageview: 50 });
  });

  it.each(['0', '366', '-1', '2.5', 'abc', ''])('refuses days=%s with 400', async (days) => {
    const response = await summary(`?days=${days}`, authorToken);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('days');
  });
});

describe('rate limit of POST /api/events', () => {
  it('answers 429 with the bilingual shape after 600 events a minute from one address; others are unaffected', async () => {
    const address = '10.77.0.1';
    for (let i = 0; i < 600; i++) {
      const response = await send({ name: 'pageview', path: '/' }, address);
      if (response.statusCode !== 204) throw new Error(`event ${i} answered ${response.statusCode}`);
    }
    const blocked = await send({ name: 'pageview', path: '/' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked.body).messageEn).toMatch(/too many/i);
    expect((await send({ name: 'pageview', path: '/' }, '10.77.0.2')).statusCode).toBe(204);
  });
});

describe('events after a restart', () => {
  it('keeps the daily counts on the same DATA_DIR', async () => {
    vi.setSystemTime(new Date('2026-06-15T10:00:00Z'));
    const first = await createTestApp();
    try {
      for (let i = 0; i < 3; i++) await first.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'pageview', path: '/about' } });
      await first.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'contact_click', path: '/contact' } });
      await first.app.close();
      const second = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        const token = await login(second, TEST_ADMIN.email, TEST_ADMIN.password);
        const body = (await second.inject({ method: 'GET', url: '/api/events/summary?days=7', headers: bearer(token) })).json();
        expect(body.totals).toEqual({ pageview: 3, contact_click: 1 });
        expect(body.daily.at(-1)).toEqual({ day: '2026-06-15', pageview: 3, contact_click: 1 });
        expect(body.topPaths).toEqual([{ path: '/about', label: 'About us', pageview: 3 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
