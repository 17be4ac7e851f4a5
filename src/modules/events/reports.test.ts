// Reports for donors: a chosen period, the most viewed pages named by post title and city name,
// and CSV downloads of daily visits, top pages and ratings that a spreadsheet opens with Arabic
// intact and never runs as formulas.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let adminToken: string;
let author: { token: string; id: string };
let other: { token: string; id: string };
const ids: Record<string, string> = {};

const get = (url: string, token: string | null = author.token) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const readCsv = (body: Buffer | string) => parse(body, { bom: true }) as string[][];

async function visit(day: string, path: string, times: number) {
  vi.setSystemTime(new Date(`${day}T10:00:00Z`));
  for (let i = 0; i < times; i++) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'pageview', path } });
    expect(response.statusCode).toBe(204);
  }
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  author = await createAuthor(ctx.app, adminToken, 'reporter@example.org');
  other = await createAuthor(ctx.app, adminToken, 'other-reporter@example.org');
  const create = async (token: string, payload: object) => (await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload })).json()._id as string;
  ids.arabic = await create(author.token, { title: 'دليل الإحالة، الطبعة "الثانية"', describtion: 'x', language: 'ar', type: 'Guide' });
  ids.formula = await create(author.token, { title: '=HYPERLINK("http://evil.example","click")', describtion: 'x', language: 'en', type: 'Guide' });
  ids.draft = await create(other.token, { title: 'Secret draft of someone else', describtion: 'x', language: 'en', type: 'Guide', state: 'draft' });
  const city = await ctx.app.inject({ method: 'POST', url: '/api/maps', headers: bearer(adminToken),
    payload: { name: 'البصرة', branch: [{ address: 'Street 1', phone: '+964 770 000 0000', email: 'basra@example.org' }] } });
  expect(city.statusCode, city.body).toBe(201);

  await visit('2026-02-10', `/p/${ids.arabic}`, 5);
  await visit('2026-02-11', `/p/${ids.formula}`, 4);
  await visit('2026-02-11', `/p/${ids.draft}`, 3);
  await visit('2026-02-12', `/maps/${encodeURIComponent('البصرة')}`, 2);
  await visit('2026-02-12', '/p/ffffffffffffffffffffffff', 1);
  await visit('2026-01-05', '/about', 9);
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.cleanup();
});

describe('GET /api/events/summary with a period', () => {
  it('counts exactly the days from `from` to `to` and names the pages', async () => {
    const response = await get('/api/events/summary?from=2026-02-10&to=2026-02-12');
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ days: 3, from: '2026-02-10', to: '2026-02-12', totals: { pageview: 15, contact_click: 0 } });
    expect(summary.daily.map((day: { day: string; pageview: number }) => [day.day, day.pageview])).toEqual([['2026-02-10', 5], ['2026-02-11', 7], ['2026-02-12', 3]]);
    expect(summary.topPaths).toEqual([
      { path: `/p/${ids.arabic}`, label: 'دليل الإحالة، الطبعة "الثانية"', pageview: 5 },
      { path: `/p/${ids.formula}`, label: '=HYPERLINK("http://evil.example","click")', pageview: 4 },
      // Another author's draft is not named for this author.
      { path: `/p/${ids.draft}`, label: null, pageview: 3 },
      { path: '/maps/البصرة', label: 'البصرة', pageview: 2 },
      { path: '/p/ffffffffffffffffffffffff', label: null, pageview: 1 },
    ]);
    const forAdmin = (await get('/api/events/summary?from=2026-02-10&to=2026-02-12', adminToken)).json();
    expect(forAdmin.topPaths[2].label).toBe('Secret draft of someone else');
  });

  it('names the fixed pages and the lists by their titles, in the language asked for', async () => {
    await visit('2026-01-06', '/e/Emergency', 2);
    await visit('2026-01-06', '/posts/Flyer%20And%20Brochure', 1);
    await visit('2026-01-06', '/nothing-here', 1);
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const labels = async (lang: string) => Object.fromEntries(((await get(`/api/events/summary?from=2026-01-05&to=2026-01-06${lang}`)).json().topPaths as Array<{ path: string; label: string | null }>)
      .map((row) => [row.path, row.label]));
    expect(await labels('')).toEqual({ '/about': 'About us', '/e/Emergency': 'Emergency numbers', '/posts/Flyer And Brochure': 'Flyers and brochures', '/nothing-here': null });
    expect(await labels('&lang=ar')).toEqual({ '/about': 'من نحن', '/e/Emergency': 'أرقام الطوارئ', '/posts/Flyer And Brochure': expect.stringMatching(/[\u0600-\u06FF]/), '/nothing-here': null });
  });

  it('still answers the last `days` days when no period is given', async () => {
    const summary = (await get('/api/events/summary?days=60')).json();
    expect(summary).toMatchObject({ days: 60, from: '2026-01-01', to: '2026-03-01' });
    expect(summary.totals.pageview).toBe(28);
  });

  it.each([
    ['?from=2026-02-10', 'to', 'Give both from and to, or neither'],
    ['?to=2026-02-10', 'from', 'Give both from and to, or neither'],
    ['?from=2026-02-12&to=2026-02-10', 'from', 'The start date must not be after the end date'],
    ['?from=2024-01-01&to=2025-01-01', 'to', 'The period can be at most 366 days'],
    ['?from=2026-02-30&to=2026-03-02', 'from', null],
    ['?from=10/02/2026&to=2026-03-02', 'from', null],
  ])('refuses %s with a bilingual 400', async (query, field, message) => {
    const response = await get(`/api/events/summary${query}`);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (message) expect(error.messageEn).toBe(message);
  });

  it('allows a whole leap year', async () => {
    expect((await get('/api/events/summary?from=2024-01-01&to=2024-12-31')).json().days).toBe(366);
  });
});

describe('CSV downloads', () => {
  it('daily visits: a UTF-8 file with BOM, attachment, one row per day, headings in the asked language', async () => {
    const response = await get('/api/events/daily.csv?from=2026-02-10&to=2026-02-12&lang=ar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="visits-daily-2026-02-10-to-2026-02-12.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(readCsv(response.rawPayload)).toEqual([
      ['اليوم', 'مشاهدات الصفحات', 'نقرات اتصل بنا'],
      ['2026-02-10', '5', '0'], ['2026-02-11', '7', '0'], ['2026-02-12', '3', '0'],
    ]);
    expect(readCsv((await get('/api/events/daily.csv?from=2026-02-10&to=2026-02-10')).rawPayload)[0]).toEqual(['Day', 'Page views', 'Contact Us clicks']);
  });

  it('top pages: titles with Arabic, commas and quotes intact, and a formula title neutralised', async () => {
    const response = await get('/api/events/top.csv?from=2026-02-10&to=2026-02-12');
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.rawPayload);
    expect(rows).toEqual([
      ['Page', 'Path', 'Page views'],
      ['دليل الإحالة، الطبعة "الثانية"', `/p/${ids.arabic}`, '5'],
      ['\'=HYPERLINK("http://evil.example","click")', `/p/${ids.formula}`, '4'],
      [`/p/${ids.draft}`, `/p/${ids.draft}`, '3'],
      ['البصرة', '/maps/البصرة', '2'],
      ['/p/ffffffffffffffffffffffff', '/p/ffffffffffffffffffffffff', '1'],
    ]);
    // No cell of the file starts a formula.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('ratings: counts per scope and star value, from the counts', async () => {
    for (const [scope, rate, times] of [['website', 5, 3], ['website', 1, 1], ['service', 4, 2]] as const) {
      for (let i = 0; i < times; i++) expect((await ctx.app.inject({ method: 'POST', url: `/api/rating/${scope}`, payload: { rate } })).statusCode).toBe(201);
    }
    const response = await get('/api/rating/counts.csv?lang=ar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="ratings.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(readCsv(response.rawPayload)).toEqual([
      ['التقييم', 'النجوم', 'الأصوات'],
      ['الموقع', '5', '3'], ['الموقع', '4', '0'], ['الموقع', '3', '0'], ['الموقع', '2', '0'], ['الموقع', '1', '1'],
      ['الخدمة', '5', '0'], ['الخدمة', '4', '2'], ['الخدمة', '3', '0'], ['الخدمة', '2', '0'], ['الخدمة', '1', '0'],
    ]);
  });

  it('refuses visitors: every download needs a staff login', async () => {
    for (const url of ['/api/events/daily.csv', '/api/events/top.csv', '/api/rating/counts.csv']) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
      errorOf(response.body);
    }
    expect((await get('/api/events/top.csv?lang=fr')).statusCode).toBe(400);
    expect((await get('/api/events/top.csv?from=2026-02-12&to=2026-02-10')).statusCode).toBe(400);
  });
});
