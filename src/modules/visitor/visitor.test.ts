import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { buildApp } from '../../app';
import { createTestApp, makeTestConfig, type TestContext } from '../../test/helpers';
import { DailyVisitors, utcDay } from './daily-visitors';
import { databaseFilesContain, tablesContaining } from '../../test/personal-data-scan';

describe('DailyVisitors', () => {
  it('sees a client once a day and again the next day', () => {
    let now = new Date('2026-03-01T23:59:00Z');
    const daily = new DailyVisitors(() => now);
    expect(daily.sight('1.2.3.4', 'UA')).toEqual({ day: '2026-03-01', firstToday: true });
    expect(daily.sight('1.2.3.4', 'UA')).toEqual({ day: '2026-03-01', firstToday: false });
    now = new Date('2026-03-02T00:00:01Z');
    expect(daily.sight('1.2.3.4', 'UA')).toEqual({ day: '2026-03-02', firstToday: true });
    expect(daily.trackedToday).toBe(1);
  });

  it('tells clients apart by address and by user agent, without mixing the two', () => {
    const daily = new DailyVisitors(() => new Date('2026-03-01T10:00:00Z'));
    expect(daily.sight('1.2.3.4', 'A').firstToday).toBe(true);
    expect(daily.sight('1.2.3.5', 'A').firstToday).toBe(true);
    expect(daily.sight('1.2.3.4', 'B').firstToday).toBe(true);
    expect(daily.sight('ab', 'c').firstToday).toBe(true);
    expect(daily.sight('a', 'bc').firstToday).toBe(true);
    expect(daily.trackedToday).toBe(5);
  });

  it('stops remembering past its memory bound instead of growing without limit', () => {
    const daily = new DailyVisitors(() => new Date('2026-03-01T10:00:00Z'), 2);
    expect(daily.sight('a', '').firstToday).toBe(true);
    expect(daily.sight('b', '').firstToday).toBe(true);
    expect(daily.sight('c', '').firstToday).toBe(false);
    expect(daily.trackedToday).toBe(2);
  });

  it('keeps no address or user agent in memory, only digests', () => {
    const daily = new DailyVisitors(() => new Date('2026-03-01T10:00:00Z'));
    daily.sight('198.51.100.23', 'SecretBrowser/1.0');
    const remembered = JSON.stringify([...(daily as unknown as { seen: Set<string> }).seen]);
    expect(remembered).not.toContain('198.51.100.23');
    expect(remembered).not.toContain('SecretBrowser');
  });

  it('uses the UTC day', () => {
    expect(utcDay(new Date('2026-03-01T23:30:00-03:00'))).toBe('2026-03-02');
  });
});

describe('GET /api/visitor', () => {
  let ctx: TestContext;
  const TEST_IP = '203.0.113.77';
  const TEST_UA = 'VisitorTestAgent/9.9 (unique-marker-7731)';

  const visit = (remoteAddress: string, userAgent = TEST_UA, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress, headers: { 'user-agent': userAgent, ...headers } });

  beforeAll(async () => {
    // Only Date is faked, so the day can be moved while everything else runs normally.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T08:00:00Z'));
    ctx = await createTestApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.cleanup();
  });

  it('answers { count } and counts the first visitor', async () => {
    const response = await visit(TEST_IP);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 1 });
  });

  it('counts the same client only once that day', async () => {
    vi.setSystemTime(new Date('2026-05-10T23:59:59Z'));
    for (let i = 0; i < 3; i++) expect((await visit(TEST_IP)).json()).toEqual({ count: 1 });
  });

  it('counts a second client (another address) once', async () => {
    expect((await visit('203.0.113.78')).json()).toEqual({ count: 2 });
    expect((await visit('203.0.113.78')).json()).toEqual({ count: 2 });
  });

  it('counts the same client again the next day, adding to the total', async () => {
    vi.setSystemTime(new Date('2026-05-11T00:00:01Z'));
    expect((await visit(TEST_IP)).json()).toEqual({ count: 3 });
    expect((await visit(TEST_IP)).json()).toEqual({ count: 3 });
    const days = ctx.app.sqlite.prepare('SELECT day, count FROM visitor_days ORDER BY day').all();
    expect(days).toEqual([{ day: '2026-05-10', count: 2 }, { day: '2026-05-11', count: 1 }]);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is not set', async () => {
    expect((await visit(TEST_IP, TEST_UA, { 'x-forwarded-for': '192.0.2.1' })).json()).toEqual({ count: 3 });
  });

  it('stores nothing personal: no table row and no database byte holds the address or user agent', async () => {
    // The scan finds what is there (control), so its silence below means something.
    expect(tablesContaining(ctx.app.sqlite, 'admin@example.org')).toContain('users');
    expect(databaseFilesContain(ctx.config.databaseFile, 'admin@example.org')).toBe(true);
    for (const needle of [TEST_IP, '203.0.113.78', 'unique-marker-7731']) {
      expect(tablesContaining(ctx.app.sqlite, needle)).toEqual([]);
      expect(databaseFilesContain(ctx.config.databaseFile, needle)).toBe(false);
    }
  });
});

describe('GET /api/visitor behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => ctx.cleanup());

  it('tells visitors apart by X-Forwarded-For when TRUST_PROXY is set', async () => {
    const visit = (forwardedFor: string) => ctx.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor, 'user-agent': 'Same/1.0' } });
    expect((await visit('198.51.100.1')).json()).toEqual({ count: 1 });
    expect((await visit('198.51.100.2')).json()).toEqual({ count: 2 });
    expect((await visit('198.51.100.1')).json()).toEqual({ count: 2 });
  });
});

describe('visitor count after a restart', () => {
  it('keeps the total on the same DATA_DIR', async () => {
    const first = await createTestApp();
    try {
      await first.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress: '192.0.2.10' });
      await first.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress: '192.0.2.11' });
      await first.app.close();
      const second = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        const response = await second.inject({ method: 'GET', url: '/api/visitor', remoteAddress: '192.0.2.10' });
        // The in-memory set is gone after a restart, so this visitor counts once more: 3.
        expect(response.json()).toEqual({ count: 3 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
