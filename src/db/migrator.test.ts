import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrateToLatest, migrations } from './migrator';
import * as m001 from './migrations/001_initial';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrator-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migrateToLatest', () => {
  it('creates the schema on a new database without writing a backup', async () => {
    const dir = tempDir();
    const handle = openDatabase(path.join(dir, 'site.db'));
    expect(await migrateToLatest(handle, path.join(dir, 'backups'))).toEqual(Object.keys(migrations));
    expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(await migrateToLatest(handle, path.join(dir, 'backups'))).toEqual([]);
    await handle.close();
    expect(readdirSync(dir)).not.toContain('backups');
  });

  it('backs up an existing database, with its data, before running a new migration', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'site.db');
    const backups = path.join(dir, 'backups');
    const first = openDatabase(file);
    await migrateToLatest(first, backups, { '001_initial': m001 });
    first.sqlite.prepare("INSERT INTO settings (key, value) VALUES ('quickExitUrl', 'https://example.org')").run();
    await first.close();

    const addColumn = { up: async (db: Kysely<any>) => { await sql`ALTER TABLE settings ADD COLUMN note TEXT`.execute(db); } };
    const second = openDatabase(file);
    expect(await migrateToLatest(second, backups, { ...migrations, '999_test': addColumn })).toEqual(['999_test']);
    await second.close();

    const [backupFile] = readdirSync(backups);
    expect(backupFile).toMatch(/^before-migration-.*\.db$/);
    const copy = openDatabase(path.join(backups, backupFile));
    expect(copy.sqlite.prepare('SELECT value FROM settings').pluck().get()).toBe('https://example.org');
    await copy.close();
  });
});
