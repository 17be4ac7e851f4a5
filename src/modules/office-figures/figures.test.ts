// Field offices' figures to headquarters: saved at the office, imported at headquarters per office;
// the same file twice counts once, a newer file replaces the days it covers, an older one and a
// damaged or forged one are refused, and headquarters' own figures are never touched.
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipart } from '../../test/upload-files';
import { TEST_ADMIN, bearer, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { figuresMessages } from './messages';
import { officeKeyOf, parseFiguresFile } from './figures-file';

let hq: TestContext;
let hqToken: string;
let basra: TestContext;
let basraToken: string;

beforeAll(async () => {
  hq = await createTestApp();
  hqToken = await login(hq.app, TEST_ADMIN.email, TEST_ADMIN.password);
  basra = await createTestApp({ OFFICE_NAME: 'Basra office' });
  basraToken = await login(basra.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await hq.cleanup();
  await basra.cleanup();
});

async function vote(app: FastifyInstance, scope: 'website' | 'service', rate: number, times = 1) {
  for (let i = 0; i < times; i += 1) expect((await app.inject({ method: 'POST', url: `/api/rating/${scope}`, payload: { rate } })).statusCode).toBe(201);
}

async function pageview(app: FastifyInstance, path: string, name = 'pageview') {
  expect((await app.inject({ method: 'POST', url: '/api/events', payload: { name, path } })).statusCode).toBeLessThan(300);
}

async function saveFigures(app: FastifyInstance, token: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url: '/api/content-bundles/figures', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="office-figures-\d{8}-\d{6}-[0-9a-f]{6}\.json\.gz"$/);
  return response.rawPayload;
}

function importFigures(data: Buffer, token = hqToken) {
  const { payload, headers } = multipart([{ field: 'figures', filename: 'figures.json.gz', contentType: 'application/gzip', data }]);
  return hq.app.inject({ method: 'POST', url: '/api/content-bundles/offices/import', payload, headers: { ...headers, ...bearer(token) } });
}

const offices = async () => (await hq.app.inject({ method: 'GET', url: '/api/content-bundles/offices', headers: bearer(hqToken) })).json();
const regzip = (change: (figures: Record<string, unknown>) => void, data: Buffer) => {
  const figures = JSON.parse(gunzipSync(data).toString('utf8'));
  change(figures);
  return gzipSync(JSON.stringify(figures));
};

describe('figures from a field office', () => {
  let first: Buffer;

  it('are added under the office\'s name, apart from headquarters\' own', async () => {
    await vote(basra.app, 'website', 5, 2);
    await vote(basra.app, 'service', 2);
    await pageview(basra.app, '/about');
    await pageview(basra.app, '/contact', 'contact_click');
    await basra.app.inject({ method: 'GET', url: '/api/visitor' });
    await vote(hq.app, 'website', 1);
    const hqRatingsBefore = (await hq.app.inject({ method: 'GET', url: '/api/rating/all/all' })).json();

    first = await saveFigures(basra.app, basraToken);
    const response = await importFigures(first);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ office: 'Basra office', alreadyImported: false });
    const [summary] = await offices();
    expect(summary).toMatchObject({
      office: 'Basra office', visitors: 1, pageviews: 1, contactClicks: 1,
      ratings: { website: { votes: 2, average: 5 }, service: { votes: 1, average: 2 } },
    });
    expect((await hq.app.inject({ method: 'GET', url: '/api/rating/all/all' })).json()).toEqual(hqRatingsBefore);
    const audit = (await hq.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(hqToken) })).json();
    expect(audit.entries[0]).toMatchObject({ entity: 'office-figures', entityId: response.json().exportId });
  });

  it('count once when the same file is imported twice', async () => {
    const before = await offices();
    const again = await importFigures(first);
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyImported).toBe(true);
    expect(await offices()).toEqual(before);
  });

  it('from a newer file replace the days it covers instead of adding to them', async () => {
    await vote(basra.app, 'website', 3);
    await pageview(basra.app, '/about');
    const newer = await saveFigures(basra.app, basraToken);
    expect((await importFigures(newer)).json().alreadyImported).toBe(false);
    const [summary] = await offices();
    expect(summary).toMatchObject({ pageviews: 2, contactClicks: 1, visitors: 1, ratings: { website: { votes: 3, average: 4.3 } } });
    expect(summary.lastExportId).toBe(parseFiguresFile(newer).exportId);
  });

  it('from an older file than the last one imported are refused, with nothing changed', async () => {
    const older = regzip((figures) => { figures.exportId = '20200101-000000-abcdef'; figures.createdAt = '2020-01-01T00:00:00.000Z'; }, first);
    const before = await offices();
    const response = await importFigures(older);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ messageEn: figuresMessages.statsOlder.en, messageAr: figuresMessages.statsOlder.ar });
    expect(await offices()).toEqual(before);
  });

  it('that are damaged or forged in shape are refused with a bilingual 400, with nothing changed', async () => {
    const before = await offices();
    const flipped = Buffer.from(first);
    flipped[Math.floor(flipped.length / 2)] ^= 0x01;
    const later = (figures: Record<string, unknown>) => { figures.exportId = '20990101-000000-abcdef'; figures.createdAt = '2099-01-01T00:00:00.000Z'; };
    const day = '2099-01-01';
    const forged = [
      flipped,
      Buffer.from('not gzip'),
      gzipSync('{"format":"something else"}'),
      regzip((f) => { later(f); f.visitors = [{ day: f.fromDay, count: -5 }]; }, first),
      regzip((f) => { later(f); f.visitors = [{ day: f.fromDay, count: 1 }, { day: f.fromDay, count: 2 }]; }, first),
      regzip((f) => { later(f); f.visitors = [{ day, count: 1 }]; }, first),
      regzip((f) => { later(f); f.office = '   '; }, first),
      regzip((f) => { later(f); f.ratings = [{ day: f.fromDay, scope: 'website', rate: 9, count: 1 }]; }, first),
      regzip((f) => { later(f); f.extra = 'field'; }, first),
    ];
    for (const data of forged) {
      const response = await importFigures(data);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response.body).messageEn).toBe(figuresMessages.statsDamaged.en);
    }
    expect(await offices()).toEqual(before);
  });

  it('need the office to have a name', async () => {
    const unnamed = await createTestApp();
    try {
      const token = await login(unnamed.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const response = await unnamed.app.inject({ method: 'GET', url: '/api/content-bundles/figures', headers: bearer(token) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).messageEn).toBe(figuresMessages.officeNameMissing.en);
    } finally {
      await unnamed.cleanup();
    }
  });

  it('keep one line per office whatever the case or spacing of its name', () => {
    expect(officeKeyOf('  Basra   Office ')).toBe(officeKeyOf('basra office'));
    expect(officeKeyOf('مكتب البصرة')).toBe('مكتب البصرة');
  });
});
