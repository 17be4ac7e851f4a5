import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { buildApp } from '../../app';
import { createTestApp, errorOf, makeTestConfig, type TestContext } from '../../test/helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.cleanup());

const rate = (scope: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/rating/${scope}`, payload: payload as object, remoteAddress });

describe('ratings', () => {
  it('answers zeros before any vote and an empty list', async () => {
    const summary = await ctx.app.inject({ method: 'GET', url: '/api/rating' });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({ avgCountry: 0, avgWebsite: 0 });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/rating/all/all' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([]);
  });

  it('takes votes without a token and answers 201 { rated }', async () => {
    for (const value of [1, 2, 3, 4, 5]) {
      const response = await rate('website', { rate: value });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ rated: value });
    }
    const service = await rate('service', { rate: 4 });
    expect(service.statusCode).toBe(201);
    expect(service.json()).toEqual({ rated: 4 });
  });

  it('averages each scope to one decimal (avgCountry is the service average)', async () => {
    // service: 4, 5, 5 -> 4.666... -> 4.7 ; website: 1..5 -> 3
    await rate('service', { rate: 5 });
    await rate('service', { rate: 5 });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/rating' });
    expect(response.json()).toEqual({ avgCountry: 4.7, avgWebsite: 3 });
  });

  it('answers the votes counted per scope and value: no id, no date, no address', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/rating/all/all' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { scope: 'service', rate: 4, count: 1 }, { scope: 'service', rate: 5, count: 2 },
      { scope: 'website', rate: 1, count: 1 }, { scope: 'website', rate: 2, count: 1 }, { scope: 'website', rate: 3, count: 1 },
      { scope: 'website', rate: 4, count: 1 }, { scope: 'website', rate: 5, count: 1 },
    ]);
  });

  it('refuses an unknown scope with 400', async () => {
    for (const scope of ['country', 'Website', 'all', '%20']) {
      const response = await rate(scope, { rate: 3 });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('scope');
    }
  });

  it.each([
    [{ rate: 0 }],
    [{ rate: 6 }],
    [{ rate: -1 }],
    [{ rate: 2.5 }],
    [{ rate: '5' }],
    [{ rate: null }],
    [{ rate: true }],
    [{ rate: [5] }],
    [{}],
    [{ rate: 5, voter: 'x' }],
  ])('refuses %j with 400 and the bilingual shape', async (payload) => {
    const response = await rate('website', payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(['rate', 'voter']).toContain(error.field);
  });

  it('refuses malformed JSON and a non-object body with 400', async () => {
    const broken = await ctx.app.inject({ method: 'POST', url: '/api/rating/website', headers: { 'content-type': 'application/json' }, payload: '{"rate":' });
    expect(broken.statusCode).toBe(400);
    errorOf(broken.body);
    const list = await ctx.app.inject({ method: 'POST', url: '/api/rating/website', headers: { 'content-type': 'application/json' }, payload: '[5]' });
    expect(list.statusCode).toBe(400);
    errorOf(list.body);
  });

  it('did not change the averages with refused votes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/rating' });
    expect(response.json()).toEqual({ avgCountry: 4.7, avgWebsite: 3 });
  });

  it('answers 429 with the bilingual shape after 600 votes a minute from one address; others are unaffected', async () => {
    const address = '10.20.30.40';
    for (let i = 0; i < 600; i++) {
      const response = await rate('website', { rate: 5 }, address);
      if (response.statusCode !== 201) throw new Error(`vote ${i} answered ${response.statusCode}`);
    }
    const blocked = await rate('website', { rate: 5 }, address);
    expect(blocked.statusCode).toBe(429);
    const error = errorOf(blocked.body);
    expect(error.messageEn).toMatch(/too many/i);
    expect((await rate('service', { rate: 5 }, address)).statusCode).toBe(429);
    expect((await rate('website', { rate: 5 }, '10.20.30.41')).statusCode).toBe(201);
  });

  it('counts votes and page-view events from one address together against the 600 a minute', async () => {
    const address = '10.20.30.50';
    for (let i = 0; i < 300; i++) {
      const response = await rate('service', { rate: 4 }, address);
      if (response.statusCode !== 201) throw new Error(`vote ${i} answered ${response.statusCode}`);
    }
    const sendEvent = () => ctx.app.inject({ method: 'POST', url: '/api/events', remoteAddress: address, payload: { name: 'pageview', path: '/' } });
    for (let i = 0; i < 300; i++) {
      const response = await sendEvent();
      if (response.statusCode !== 204) throw new Error(`event ${i} answered ${response.statusCode}`);
    }
    expect((await sendEvent()).statusCode).toBe(429);
    expect((await rate('website', { rate: 4 }, address)).statusCode).toBe(429);
  });

  it('stores no address of the voter', () => {
    const rows = ctx.app.sqlite.prepare('SELECT * FROM ratings').all();
    expect(JSON.stringify(rows)).not.toContain('10.20.30.40');
    expect(Object.keys(rows[0] as object).sort()).toEqual(['created_at', 'id', 'rate', 'scope']);
  });
});

describe('the ratings summary under a flood of votes', () => {
  it('stays ten rows at most however many votes there are (it listed every vote: 2.9 MB at 100,000)', async () => {
    const flooded = await createTestApp();
    try {
      // Votes written straight into the table: the public limit would refuse them from one address.
      const insert = flooded.app.sqlite.prepare('INSERT INTO ratings (scope, rate, created_at) VALUES (?, ?, ?)');
      flooded.app.sqlite.transaction(() => {
        for (let n = 0; n < 100_000; n += 1) insert.run(n % 2 ? 'service' : 'website', (n % 5) + 1, new Date().toISOString());
      })();
      const response = await flooded.app.inject({ method: 'GET', url: '/api/rating/all/all' });
      const counts = response.json<Array<{ scope: string; rate: number; count: number }>>();
      expect(counts).toHaveLength(10);
      expect(counts.reduce((sum, row) => sum + row.count, 0)).toBe(100_000);
      expect(response.body.length).toBeLessThan(1000);
    } finally {
      await flooded.cleanup();
    }
  });
});

describe('ratings after a restart', () => {
  it('keeps the votes on the same DATA_DIR', async () => {
    const first = await createTestApp();
    try {
      await first.app.inject({ method: 'POST', url: '/api/rating/service', payload: { rate: 2 } });
      await first.app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate: 5 } });
      await first.app.close();
      const second = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        expect((await second.inject({ method: 'GET', url: '/api/rating' })).json()).toEqual({ avgCountry: 2, avgWebsite: 5 });
        expect((await second.inject({ method: 'GET', url: '/api/rating/all/all' })).json()).toEqual([{ scope: 'service', rate: 2, count: 1 }, { scope: 'website', rate: 5, count: 1 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
