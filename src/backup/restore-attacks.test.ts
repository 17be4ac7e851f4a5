// Crafted archives played against the restore, as an attacker (or a broken tool) would hand them
// to an operator: a decompression bomb, a database without its search table or with a planted
// trigger, a planted administrator in an archive without this installation's signature.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashPassword } from '../modules/users/password';
import { newId } from '@shared/ids';
import { createTestApp, login, makeTestConfig, type TestContext } from '../test/helpers';
import { createBackup } from './create';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_MEMBER, MANIFEST_MEMBER } from './manifest';
import { restoreBackup } from './restore';
import { backupKeyPath, loadOrCreateBackupKey, SIGNATURE_MEMBER, signManifest } from './signing';
import { TarGzWriter, type ArchivedFile } from './tar';
import { BackupRefusedError, UnsignedBackupError } from './verify';

const scratch = mkdtempSync(path.join(tmpdir(), 'restore-attacks-'));
let office: TestContext;
/** A clean snapshot of the office's database, the base every crafted archive starts from. */
let cleanDatabase: string;
let officeKey: Buffer;

beforeAll(async () => {
  office = await createTestApp();
  cleanDatabase = path.join(scratch, 'clean.db');
  await office.app.sqlite.backup(cleanDatabase);
  // A real backup creates the office's key, as the first daily backup would.
  await createBackup({ databaseFile: office.config.databaseFile, uploadsDir: office.config.uploadsDir, keyFile: backupKeyPath(office.config.dataDir) }, path.join(scratch, 'real'));
  officeKey = loadOrCreateBackupKey(backupKeyPath(office.config.dataDir));
});
afterAll(async () => {
  await office.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

interface CraftedMember { name: string; file?: string; bytes?: Buffer; size?: number }

/**
 * Writes an archive whose manifest lists `listed` (default: every member) with the sizes and
 * checksums given, or the true ones; signs it with `key` unless null.
 */
async function craftArchive(members: CraftedMember[], options: { listed?: ArchivedFile[]; key?: Buffer | null; alterAfterSigning?: boolean } = {}): Promise<string> {
  const archive = path.join(scratch, `crafted-${newId()}.tar.gz`);
  const writer = new TarGzWriter(archive);
  const written: ArchivedFile[] = [];
  for (const member of members) {
    written.push(member.bytes
      ? await writer.addBuffer(member.name, member.bytes)
      : await writer.addFile(member.name, member.file!, member.size ?? statSync(member.file!).size, new Date()));
  }
  const manifest = { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: new Date().toISOString(), migrations: ['001_initial'], files: options.listed ?? written };
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  const key = options.key === undefined ? officeKey : options.key;
  const signature = key ? signManifest(manifestBytes, key) : null;
  const stored = options.alterAfterSigning ? Buffer.from(JSON.stringify({ ...manifest, createdAt: '2000-01-01T00:00:00.000Z' })) : manifestBytes;
  await writer.addBuffer(MANIFEST_MEMBER, stored);
  if (signature) await writer.addBuffer(SIGNATURE_MEMBER, Buffer.from(JSON.stringify(signature)));
  await writer.finish();
  return archive;
}

/** A copy of the clean database changed by `change`. */
function craftDatabase(change: (db: SQLite.Database) => void): string {
  const file = path.join(scratch, `db-${newId()}.db`);
  copyFileSync(cleanDatabase, file);
  const db = new SQLite(file);
  try {
    change(db);
  } finally {
    db.close();
  }
  return file;
}

/** A data folder that already holds a working site, with the office's key (an installation that backs up). */
async function targetFolder(): Promise<{ config: ReturnType<typeof makeTestConfig>; databaseSha: () => string }> {
  const dataDir = mkdtempSync(path.join(scratch, 'target-'));
  const config = makeTestConfig(dataDir);
  await (await buildApp(config, { logger: false })).close();
  copyFileSync(backupKeyPath(office.config.dataDir), backupKeyPath(dataDir));
  return { config, databaseSha: () => createHash('sha256').update(readFileSync(config.databaseFile)).digest('hex') };
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    const stats = statSync(full, { throwIfNoEntry: false });
    if (stats?.isDirectory()) total += folderBytes(full);
    else if (stats) total += stats.size;
  }
  return total;
}

/** Runs the restore while sampling the data folder's size; answers the most it ever grew. */
async function peakGrowthDuring(folder: string, run: () => Promise<unknown>): Promise<number> {
  const before = folderBytes(folder);
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, folderBytes(folder) - before); }, 5);
  try {
    await run().catch(() => undefined);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, folderBytes(folder) - before);
}

const BOMB_BYTES = 300 * 1024 * 1024;

describe('a decompression bomb', () => {
  it('an unlisted 300 MB member in a small archive is refused before a byte is written', { timeout: 60_000 }, async () => {
    const archive = await craftArchive(
      [{ name: DATABASE_MEMBER, file: cleanDatabase }, { name: 'uploads/bomb.bin', file: '/dev/zero', size: BOMB_BYTES }],
      { listed: [{ path: DATABASE_MEMBER, size: statSync(cleanDatabase).size, sha256: createHash('sha256').update(readFileSync(cleanDatabase)).digest('hex') }] },
    );
    expect(statSync(archive).size).toBeLessThan(1024 * 1024);
    const target = await targetFolder();
    const before = target.databaseSha();
    let refusal: unknown;
    const growth = await peakGrowthDuring(target.config.dataDir, async () => {
      refusal = await restoreBackup(archive, target.config).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(BackupRefusedError);
    expect(String(refusal)).toMatch(/uploads\/bomb\.bin is in the archive but not in the manifest/);
    // The listed sizes bound what may be written (here only site.db); nothing was, in fact.
    expect(growth).toBeLessThanOrEqual(statSync(cleanDatabase).size);
    expect(growth).toBe(0);
    expect(target.databaseSha()).toBe(before);
    expect(readdirSync(target.config.dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });

  it('a listed member whose header is larger than its listed size is refused before extraction', { timeout: 60_000 }, async () => {
    const bomb = { name: 'uploads/bomb.bin', file: '/dev/zero', size: 50 * 1024 * 1024 };
    const database = { name: DATABASE_MEMBER, file: cleanDatabase };
    const databaseEntry = { path: DATABASE_MEMBER, size: statSync(cleanDatabase).size, sha256: createHash('sha256').update(readFileSync(cleanDatabase)).digest('hex') };
    const archive = await craftArchive([database, bomb], { listed: [databaseEntry, { path: bomb.name, size: 10, sha256: 'a'.repeat(64) }] });
    const target = await targetFolder();
    let refusal: unknown;
    const growth = await peakGrowthDuring(target.config.dataDir, async () => {
      refusal = await restoreBackup(archive, target.config).catch((error: unknown) => error);
    });
    expect(String(refusal)).toMatch(/uploads\/bomb\.bin has the wrong size/);
    expect(growth).toBe(0);
  });
});

describe('a database that is not the schema of its migrations', () => {
  it('is refused when it lacks posts_manage_search, and nothing changes', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: craftDatabase((db) => db.exec('DROP TABLE posts_manage_search')) }]);
    const target = await targetFolder();
    const before = target.databaseSha();
    await expect(restoreBackup(archive, target.config)).rejects.toThrow(/refused: the database lacks the table posts_manage_search/);
    expect(target.databaseSha()).toBe(before);
  });

  it('is refused when it holds a planted trigger', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: craftDatabase((db) => db.exec("CREATE TRIGGER promote AFTER INSERT ON users BEGIN UPDATE users SET is_admin = 1; END")) }]);
    const target = await targetFolder();
    await expect(restoreBackup(archive, target.config)).rejects.toThrow(/unexpected trigger promote/);
  });

  it('is refused when a newer version of the site made it', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: craftDatabase((db) => db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('999_future', new Date().toISOString())) }]);
    const target = await targetFolder();
    await expect(restoreBackup(archive, target.config)).rejects.toThrow(/newer version of the site \(migration 999_future\)/);
  });
});

describe('a planted administrator', () => {
  let planted: string;
  const intruder = { email: 'intruder@example.org', password: 'intruder-password-1' };

  beforeAll(async () => {
    const passwordHash = await hashPassword(intruder.password);
    planted = craftDatabase((db) => db.prepare('INSERT INTO users (id, name, email, password_hash, is_admin, is_author, created_at) VALUES (?, ?, ?, ?, 1, 1, ?)')
      .run(newId(), 'Intruder', intruder.email, passwordHash, new Date().toISOString()));
  });

  it('in an unsigned archive is refused, and nothing changes', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: planted }], { key: null });
    const target = await targetFolder();
    const before = target.databaseSha();
    const refusal = await restoreBackup(archive, target.config).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnsignedBackupError);
    expect(String(refusal)).toMatch(/it is not signed/);
    expect(target.databaseSha()).toBe(before);
  });

  it('signed with the attacker\'s own key is refused as "another backup key"', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: planted }], { key: Buffer.alloc(32, 7) });
    const target = await targetFolder();
    await expect(restoreBackup(archive, target.config)).rejects.toThrow(/signed with another backup key/);
  });

  it('with a signed manifest changed afterwards is refused even with allowUnsigned', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: planted }], { alterAfterSigning: true });
    const target = await targetFolder();
    await expect(restoreBackup(archive, target.config, { allowUnsigned: true })).rejects.toThrow(/changed after it was signed/);
  });

  it('restores only when the operator explicitly allows an unsigned archive, with a warning', async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: planted }], { key: null });
    const target = await targetFolder();
    const result = await restoreBackup(archive, target.config, { allowUnsigned: true });
    expect(result.signature).toBe('unsigned');
    expect(result.warnings).toEqual([expect.stringMatching(/restored although it is not signed/)]);
    const app = await buildApp(target.config, { logger: false });
    try {
      // Exactly why the signature matters: the planted account works.
      expect(await login(app, intruder.email, intruder.password)).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('npm run restore refuses it with a clear warning, and restores it with --allow-unsigned', { timeout: 60_000 }, async () => {
    const archive = await craftArchive([{ name: DATABASE_MEMBER, file: planted }], { key: null });
    const target = await targetFolder();
    const run = (...extra: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'restore', archive, ...extra], {
      cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: target.config.dataDir }, encoding: 'utf8',
    });
    const refused = run();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/it is not signed/);
    expect(refused.stderr).toMatch(/--allow-unsigned/);
    expect(refused.stderr).toMatch(/nothing was changed/);
    const accepted = run('--allow-unsigned');
    expect(accepted.status).toBe(0);
    expect(accepted.stderr).toMatch(/^WARNING: .*restored although it is not signed/m);
  });

  it('a data folder without a key refuses even a genuine archive until the key is given', async () => {
    const genuine = readdirSync(path.join(scratch, 'real')).map((name) => path.join(scratch, 'real', name))[0];
    const target = await targetFolder();
    rmSync(backupKeyPath(target.config.dataDir));
    await expect(restoreBackup(genuine, target.config)).rejects.toThrow(/has no backup key/);
    expect(existsSync(backupKeyPath(target.config.dataDir))).toBe(false);
    const result = await restoreBackup(genuine, target.config, { keyFile: backupKeyPath(office.config.dataDir) });
    expect(result.signature).toBe('valid');
  });
});
