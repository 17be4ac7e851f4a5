import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { migrateToLatest } from '../../db/migrator';
import { createTestApp, makeTestConfig, type TestContext } from '../../test/helpers';
import { utcDay } from '@shared/days';
import { DailyDigests } from './daily-digests';
import { DailyDigestsRepository } from './digests-repository';
import { msUntilNextUtcDay } from './plugin';
import { databaseFilesContain, tablesContaining } from '../../test/personal-data-scan';

/** A DailyDigests over a real migrated database on a fresh folder, with a clock the test moves. */
async function digestStore(start: string, maxTracked?: number, heldInMemory?: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'digests-test-'));
  const databaseFile = path.join(dataDir, 'site.db');
  const handle = openDatabase(databaseFile);
  await migrateToLatest(handle, path.join(dataDir, 'backups'));
  const clock = { now: new Date(start) };
  const store = new DailyDigests(new DailyDigestsRepository(handle.db), () => clock.now, maxTracked, heldInMemory);
  const rows = (table: 'daily_salt' | 'daily_digests') => handle.sqlite.prepare<[], { day: string }>(`SELECT day FROM ${table}`).all().map((r) => r.day);
  return {
    store, clock, handle, rows, databaseFile,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('DailyDigests', () => {
  it('sees a client once a day per purpose and again the next day', async () => {
    const t = await digestStore('2026-03-01T23:59:00Z');
    try {
      expect(await t.store.sight('visitor', '1.2.3.4', 'UA')).toEqual({ day: '2026-03-01', firstToday: true });
      expect(await t.store.sight('visitor', '1.2.3.4', 'UA')).toEqual({ day: '2026-03-01', firstToday: false });
      // Another purpose (a post view) is counted on its own.
      expect(await t.store.sight('view', 'post1', '1.2.3.4', 'UA')).toEqual({ day: '2026-03-01', firstToday: true });
      t.clock.now = new Date('2026-03-02T00:00:01Z');
      expect(await t.store.sight('visitor', '1.2.3.4', 'UA')).toEqual({ day: '2026-03-02', firstToday: true });
      expect(t.store.trackedToday).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('tells clients apart by address and by user agent, without mixing the parts', async () => {
    const t = await digestStore('2026-03-01T10:00:00Z');
    try {
      expect((await t.store.sight('visitor', '1.2.3.4', 'A')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', '1.2.3.5', 'A')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', '1.2.3.4', 'B')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', 'ab', 'c')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', 'a', 'bc')).firstToday).toBe(true);
      expect(t.store.trackedToday).toBe(5);
    } finally {
      await t.close();
    }
  });

  it('stops remembering past its bound instead of growing without limit', async () => {
    const t = await digestStore('2026-03-01T10:00:00Z', 2);
    try {
      expect((await t.store.sight('visitor', 'a', '')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', 'b', '')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', 'c', '')).firstToday).toBe(false);
      expect(t.rows('daily_digests')).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('asks the database nothing more for a client seen again today, and counts them again tomorrow', async () => {
    const t = await digestStore('2026-03-01T10:00:00Z');
    try {
      const remember = vi.spyOn(DailyDigestsRepository.prototype, 'remember');
      expect((await t.store.sight('view', 'post1', '1.2.3.4', 'UA')).firstToday).toBe(true);
      for (let read = 0; read < 5; read += 1) expect((await t.store.sight('view', 'post1', '1.2.3.4', 'UA')).firstToday).toBe(false);
      expect(remember).toHaveBeenCalledTimes(1);
      t.clock.now = new Date('2026-03-02T10:00:00Z');
      expect((await t.store.sight('view', 'post1', '1.2.3.4', 'UA')).firstToday).toBe(true);
      remember.mockRestore();
    } finally {
      await t.close();
    }
  });

  it('still counts nobody twice once more clients came than it holds in memory (the database decides)', async () => {
    const held = 3;
    const t = await digestStore('2026-03-01T10:00:00Z', undefined, held);
    try {
      expect((await t.store.sight('visitor', 'first', 'UA')).firstToday).toBe(true);
      for (let client = 0; client < held + 2; client += 1) expect((await t.store.sight('visitor', `client-${client}`, 'UA')).firstToday).toBe(true);
      expect((await t.store.sight('visitor', 'first', 'UA')).firstToday).toBe(false);
      expect((await t.store.sight('visitor', 'client-0', 'UA')).firstToday).toBe(false);
      expect(t.store.trackedToday).toBe(held + 3);
    } finally {
      await t.close();
    }
  });

  it('keeps today\'s salt and digests across a restart, so nobody is counted twice that day', async () => {
    const t = await digestStore('2026-03-01T08:00:00Z');
    try {
      expect((await t.store.sight('visitor', '192.0.2.1', 'Kiosk/1')).firstToday).toBe(true);
      const salt = t.handle.sqlite.prepare<[], { salt: Buffer }>('SELECT salt FROM daily_salt').get()!.salt;
      // The restart: a new store over the same database, later the same day.
      t.clock.now = new Date('2026-03-01T17:00:00Z');
      const restarted = new DailyDigests(new DailyDigestsRepository(t.handle.db), () => t.clock.now);
      expect((await restarted.sight('visitor', '192.0.2.1', 'Kiosk/1')).firstToday).toBe(false);
      expect(restarted.trackedToday).toBe(1);
      expect(t.handle.sqlite.prepare<[], { salt: Buffer }>('SELECT salt FROM daily_salt').get()!.salt.equals(salt)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('deletes the salt and every digest at the day\'s change, even with no visitor (rollOver from the timer)', async () => {
    const t = await digestStore('2026-03-01T22:00:00Z');
    try {
      await t.store.sight('visitor', '192.0.2.1', 'UA');
      await t.store.sight('view', 'post1', '192.0.2.1', 'UA');
      const oldSalt = t.handle.sqlite.prepare<[], { salt: Buffer }>('SELECT salt FROM daily_salt').get()!.salt;
      expect(t.rows('daily_salt')).toEqual(['2026-03-01']);
      expect(t.rows('daily_digests')).toEqual(['2026-03-01', '2026-03-01']);
      t.clock.now = new Date('2026-03-02T00:00:01Z');
      await t.store.rollOver();
      expect(t.rows('daily_salt')).toEqual(['2026-03-02']);
      expect(t.rows('daily_digests')).toEqual([]);
      // Gone from the file too: neither the database nor its WAL holds the old salt's bytes.
      for (const file of [t.databaseFile, `${t.databaseFile}-wal`]) {
        if (existsSync(file)) expect(readFileSync(file).includes(oldSalt)).toBe(false);
      }
    } finally {
      await t.close();
    }
  });

  it('a restart on a later day deletes the earlier day at start', async () => {
    const t = await digestStore('2026-03-01T22:00:00Z');
    try {
      await t.store.sight('visitor', '192.0.2.1', 'UA');
      t.clock.now = new Date('2026-03-04T09:00:00Z');
      const restarted = new DailyDigests(new DailyDigestsRepository(t.handle.db), () => t.clock.now);
      await restarted.rollOver();
      expect(t.rows('daily_salt')).toEqual(['2026-03-04']);
      expect(t.rows('daily_digests')).toEqual([]);
      expect((await restarted.sight('visitor', '192.0.2.1', 'UA')).firstToday).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('stores no digest for a day whose salt is already gone (a request racing the day change)', async () => {
    const t = await digestStore('2026-03-01T10:00:00Z');
    try {
      const repository = new DailyDigestsRepository(t.handle.db);
      expect(await repository.remember('2026-02-28', Buffer.alloc(16, 1))).toBe(false);
      expect(t.rows('daily_digests')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('uses the UTC day', () => {
    expect(utcDay(new Date('2026-03-01T23:30:00-03:00'))).toBe('2026-03-02');
  });

  it('schedules the day change just after the next UTC midnight', () => {
    expect(msUntilNextUtcDay(new Date('2026-03-01T23:59:00Z'))).toBe(61_000);
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
  it('keeps the total and today\'s digests on the same DATA_DIR: a kiosk restarted the same day does not count its staff again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T07:00:00Z'));
    const first = await createTestApp();
    try {
      const visit = (app: typeof first.app, remoteAddress: string) => app.inject({ method: 'GET', url: '/api/visitor', remoteAddress, headers: { 'user-agent': 'Kiosk/1.0' } });
      await visit(first.app, '192.0.2.10');
      expect((await visit(first.app, '192.0.2.11')).json()).toEqual({ count: 2 });
      await first.app.close();
      vi.setSystemTime(new Date('2026-06-01T09:00:00Z'));
      const second = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        expect((await visit(second, '192.0.2.10')).json()).toEqual({ count: 2 });
      } finally {
        await second.close();
      }
      // The next morning's start deletes yesterday's salt and digests before anyone visits.
      vi.setSystemTime(new Date('2026-06-02T07:00:00Z'));
      const third = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        expect(third.sqlite.prepare('SELECT day FROM daily_salt').all()).toEqual([{ day: '2026-06-02' }]);
        expect(third.sqlite.prepare('SELECT count(*) AS n FROM daily_digests').get()).toEqual({ n: 0 });
        expect((await visit(third, '192.0.2.10')).json()).toEqual({ count: 3 });
      } finally {
        await third.close();
      }
    } finally {
      vi.useRealTimers();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
