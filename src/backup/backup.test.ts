// Backup and restore through the real app: round trip under concurrent writes, refusals, retention.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { buildApp } from '../app';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrator';
import { bearer, createTestApp, login, makeTestConfig, TEST_ADMIN, type TestContext } from '../test/helpers';
import { createBackup } from './create';
import { listDailyBackups, runDailyBackupIfDue, scheduleDailyBackups } from './daily';
import { BACKUP_FORMAT, MANIFEST_MEMBER } from './manifest';
import { restoreBackup, ServerRunningError } from './restore';
import { backupKeyPath } from './signing';
import { databaseInUse } from './server-lock';
import { isSafeMemberName, TarGzWriter } from './tar';
import { BackupRefusedError } from './verify';

const scratch = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let source: TestContext;
let adminToken: string;

async function addUser(app: TestContext['app'], n: number): Promise<string> {
  const email = `writer${n}@example.org`;
  const response = await app.inject({
    method: 'POST', url: '/api/users', headers: bearer(adminToken),
    payload: { name: `Writer ${n}`, email, password: 'writer-password-1', isAdmin: false, isAuthor: true },
  });
  expect(response.statusCode).toBe(201);
  return email;
}

/** Keeps voting until stopped (cheap writes, paced under the rate limit); counts acknowledged votes. */
function writeContinuously(app: TestContext['app']) {
  const state = { acknowledged: 0, failed: 0 };
  let stop = false;
  const done = (async () => {
    for (let n = 0; !stop; n += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/rating/service', payload: { rate: (n % 5) + 1 } });
      if (response.statusCode === 201) state.acknowledged += 1;
      else state.failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  })();
  return { state, stop: async () => { stop = true; await done; } };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  source = await createTestApp();
  adminToken = await login(source.app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (let n = 0; n < 5; n += 1) await addUser(source.app, n);
  for (const rate of [5, 4, 3]) {
    expect((await source.app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate } })).statusCode).toBe(201);
  }
  const post = await source.app.inject({
    method: 'POST', url: '/api/posts', headers: bearer(adminToken),
    payload: { title: 'Backed-up post', describtion: 'نص عربي <b>and</b> English', language: 'ar', type: 'Iraq' },
  });
  expect(post.statusCode).toBe(201);
  // A visitor today: the day's salt and a digest exist, and must not travel into a backup.
  expect((await source.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress: '198.51.100.40' })).statusCode).toBe(200);
  writeFileSync(path.join(source.config.uploadsDir, 'a1b2c3.webp'), Buffer.from('RIFF fake webp bytes'));
  writeFileSync(path.join(source.config.uploadsDir, 'd4e5f6.pdf'), Buffer.alloc(70_000, 7));
});
afterAll(async () => { await source.cleanup(); });

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The key of the installation that makes the backups (a restore elsewhere is given it with --key). */
const sourceKey = () => backupKeyPath(source.config.dataDir);

describe('backup and restore', () => {
  let archive: string;
  let votesBefore = 0;
  let votesAfter = 0;

  it('writes one archive while the server keeps serving writes', async () => {
    const writer = writeContinuously(source.app);
    await until(() => writer.state.acknowledged >= 5);
    votesBefore = writer.state.acknowledged;
    // The command-line path: a second connection, as `npm run backup` uses.
    const result = await createBackup({ databaseFile: source.config.databaseFile, uploadsDir: source.config.uploadsDir, keyFile: sourceKey() }, path.join(scratch, 'out'));
    votesAfter = writer.state.acknowledged;
    await until(() => writer.state.acknowledged >= votesAfter + 3);
    await writer.stop();
    expect(writer.state.failed).toBe(0);
    archive = result.file;
    expect(path.basename(archive)).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(readdirSync(path.join(scratch, 'out'))).toEqual([path.basename(archive)]);
    expect(result.manifest.format).toBe(BACKUP_FORMAT);
    expect(result.manifest.migrations).toContain('001_initial');
    expect(result.manifest.files.map((f) => f.path).sort()).toEqual(['site.db', 'uploads/a1b2c3.webp', 'uploads/d4e5f6.pdf']);
    const pdf = result.manifest.files.find((f) => f.path === 'uploads/d4e5f6.pdf');
    expect(pdf).toEqual({ path: 'uploads/d4e5f6.pdf', size: 70_000, sha256: sha(path.join(source.config.uploadsDir, 'd4e5f6.pdf')) });
  });

  it('restores users, posts, ratings and uploads into another data folder', async () => {
    const dataDir = path.join(scratch, 'restored');
    const config = makeTestConfig(dataDir);
    const result = await restoreBackup(archive, config, { keyFile: sourceKey() });
    expect(result.previousDatabase).toBeNull();
    expect(result.signature).toBe('valid');
    expect(result.warnings).toEqual([]);
    // The backup outlives the day, so it holds neither today's salt nor the visitor digests.
    const { salt } = source.app.sqlite.prepare<[], { salt: Buffer }>('SELECT salt FROM daily_salt').get()!;
    expect(readFileSync(config.databaseFile).includes(salt)).toBe(false);
    const restoredDb = new SQLite(config.databaseFile, { readonly: true });
    try {
      expect(restoredDb.prepare('SELECT count(*) AS n FROM daily_digests').get()).toEqual({ n: 0 });
      expect(restoredDb.prepare('SELECT count(*) AS n FROM daily_salt').get()).toEqual({ n: 0 });
    } finally {
      restoredDb.close();
    }

    const app = await buildApp(config, { logger: false });
    try {
      const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
      const users = (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).json<Array<{ email: string }>>();
      const emails = users.map((u) => u.email);
      for (let n = 0; n < 5; n += 1) expect(emails).toContain(`writer${n}@example.org`);
      expect(await login(app, 'writer3@example.org', 'writer-password-1')).toBeTruthy();

      const rating = (await app.inject({ method: 'GET', url: '/api/rating' })).json<{ avgWebsite: number }>();
      expect(rating.avgWebsite).toBe(4);
      // Every vote acknowledged before the snapshot is in it; none acknowledged after it finished.
      const counts = (await app.inject({ method: 'GET', url: '/api/rating/all/all' })).json<Array<{ scope: string; count: number }>>();
      const serviceVotes = counts.filter((row) => row.scope === 'service').reduce((sum, row) => sum + row.count, 0);
      expect(serviceVotes).toBeGreaterThanOrEqual(votesBefore);
      expect(serviceVotes).toBeLessThanOrEqual(votesAfter);
      const posts = (await app.inject({ method: 'GET', url: '/api/posts/Iraq/ar' })).json<{ posts: Array<{ title: string; describtion: string }> }>();
      expect(posts.posts.map((p) => p.title)).toContain('Backed-up post');
      expect(posts.posts[0].describtion).toBe('نص عربي <b>and</b> English');

      const upload = await app.inject({ method: 'GET', url: '/uploads/d4e5f6.pdf' });
      expect(upload.statusCode).toBe(200);
      expect(upload.rawPayload.equals(Buffer.alloc(70_000, 7))).toBe(true);
      expect(app.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await app.close();
    }
  });

  it('keeps the previous database and uploads when restoring over existing data', async () => {
    const config = makeTestConfig(path.join(scratch, 'restored'));
    writeFileSync(path.join(config.uploadsDir, 'newer.webp'), 'newer');
    const result = await restoreBackup(archive, config, { keyFile: sourceKey() });
    expect(result.previousDatabase).toBe(`${config.databaseFile}.before-restore`);
    expect(readdirSync(`${config.uploadsDir}.before-restore`)).toContain('newer.webp');
    expect(readdirSync(config.uploadsDir).sort()).toEqual(['a1b2c3.webp', 'd4e5f6.pdf']);
  });

  it('refuses to restore while a server has the database open', async () => {
    expect(databaseInUse(source.config.databaseFile)).toBe(true);
    const before = sha(source.config.databaseFile);
    await expect(restoreBackup(archive, source.config, { keyFile: sourceKey() })).rejects.toBeInstanceOf(ServerRunningError);
    expect(sha(source.config.databaseFile)).toBe(before);
  });

  it('refuses a damaged archive and changes nothing', async () => {
    const config = makeTestConfig(path.join(scratch, 'restored'));
    const before = sha(config.databaseFile);
    const damaged = path.join(scratch, 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(damaged, config, { keyFile: sourceKey() })).rejects.toBeInstanceOf(BackupRefusedError);

    const truncated = path.join(scratch, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive).subarray(0, 2000));
    await expect(restoreBackup(truncated, config, { keyFile: sourceKey() })).rejects.toThrow(/refused/);
    expect(sha(config.databaseFile)).toBe(before);
    expect(readdirSync(config.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses an archive whose files do not match the manifest', async () => {
    const config = makeTestConfig(path.join(scratch, 'restored'));
    const forged = path.join(scratch, 'forged.tar.gz');
    const writer = new TarGzWriter(forged);
    const db = await writer.addFile('site.db', config.databaseFile, readFileSync(config.databaseFile).length, new Date());
    await writer.addBuffer('uploads/x.webp', Buffer.from('real'));
    const manifest = { format: BACKUP_FORMAT, formatVersion: 1, createdAt: new Date().toISOString(), migrations: [], files: [db, { path: 'uploads/x.webp', size: 4, sha256: '0'.repeat(64) }] };
    await writer.addBuffer(MANIFEST_MEMBER, Buffer.from(JSON.stringify(manifest)));
    await writer.finish();
    await expect(restoreBackup(forged, config, { allowUnsigned: true })).rejects.toThrow(/uploads\/x.webp does not match its checksum/);
  });

  it('refuses a database that fails the SQLite integrity check', async () => {
    const config = makeTestConfig(path.join(scratch, 'restored'));
    const broken = path.join(scratch, 'broken.db');
    const original = readFileSync(config.databaseFile);
    // Keep the header (page 1) valid, scramble the pages behind it.
    for (let i = 4096 * 2; i < original.length; i += 97) original[i] ^= 0x5a;
    writeFileSync(broken, original);
    const forged = path.join(scratch, 'broken.tar.gz');
    const writer = new TarGzWriter(forged);
    const db = await writer.addFile('site.db', broken, original.length, new Date());
    const manifest = { format: BACKUP_FORMAT, formatVersion: 1, createdAt: new Date().toISOString(), migrations: [], files: [db] };
    await writer.addBuffer(MANIFEST_MEMBER, Buffer.from(JSON.stringify(manifest)));
    await writer.finish();
    await expect(restoreBackup(forged, config, { allowUnsigned: true })).rejects.toThrow(/refused: .*(integrity|malformed|not a database)/i);
  });

  it('accepts only safe relative member names', () => {
    for (const bad of ['../etc/passwd', '/abs', 'a//b', 'uploads/../x', '.hidden', '']) expect(isSafeMemberName(bad)).toBe(false);
    for (const good of ['site.db', 'uploads/3f9c2a.webp', 'uploads/sub/x-1_2.pdf']) expect(isSafeMemberName(good)).toBe(true);
  });
});

describe('daily backups', () => {
  it('makes a backup only when one is due and keeps the newest N', async () => {
    const dir = path.join(scratch, 'daily');
    mkdirSync(dir);
    const src = { databaseFile: source.config.databaseFile, uploadsDir: source.config.uploadsDir, keyFile: sourceKey(), sqlite: source.app.sqlite };
    const start = Date.now();
    const made: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      const file = await runDailyBackupIfDue(src, dir, 3, new Date(start + day * 86_400_000));
      expect(file).not.toBeNull();
      made.push(file as string);
    }
    expect(listDailyBackups(dir)).toEqual(made.slice(2).reverse());
    expect(await runDailyBackupIfDue(src, dir, 3, new Date())).toBeNull();
    expect(await runDailyBackupIfDue(src, dir, 0, new Date(start + 10 * 86_400_000))).toBeNull();
  });

  it('runs on a timer inside the server and stops when the app closes', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'timer-'));
    const config = makeTestConfig(dataDir, { DAILY_BACKUPS_KEPT: '2' });
    const handle = openDatabase(config.databaseFile);
    await migrateToLatest(handle, config.backupsDir);
    // A bare app with what scheduleDailyBackups needs, so the timings can be short.
    const app = Fastify({ logger: false });
    app.decorate('config', config);
    app.decorate('sqlite', handle.sqlite);
    app.addHook('onClose', async () => { await handle.close(); });
    scheduleDailyBackups(app, { firstCheckMs: 5, checkEveryMs: 10 });
    await app.ready();
    for (let i = 0; i < 100 && listDailyBackups(config.backupsDir).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    await app.close();
    // One a day: the checks that follow find the first one recent enough.
    expect(listDailyBackups(config.backupsDir)).toHaveLength(1);
    expect(readdirSync(config.backupsDir).filter((n) => n.includes('partial') || n.startsWith('.'))).toEqual([]);
  });

  it('is off when DAILY_BACKUPS_KEPT is 0', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', makeTestConfig(mkdtempSync(path.join(scratch, 'off-')), { DAILY_BACKUPS_KEPT: '0' }));
    scheduleDailyBackups(app, { firstCheckMs: 1, checkEveryMs: 1 });
    await app.ready();
    await new Promise((r) => setTimeout(r, 30));
    expect(listDailyBackups(app.config.backupsDir)).toEqual([]);
    await app.close();
  });
});
