// Migration 007 adds the Arabic name and address columns to cities already saved: they keep
// every field and branch, and read as "not written yet" (''). It landed after 008: a database
// that applied 008 first still gets it, and its backups still restore.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { checkSchema } from '../../backup/schema-check';
import { migrateToLatest, migrations } from '../migrator';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migration 007', () => {
  it('keeps the cities and branches saved before it, with an empty Arabic name and addresses', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migration-007-'));
    dirs.push(dir);
    const handle = openDatabase(path.join(dir, 'site.db'));
    handles.push(handle);
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '007'));
    await migrateToLatest(handle, path.join(dir, 'backups'), before);
    handle.sqlite.prepare(`INSERT INTO cities (id, name, thumbnail, country_map, city_map, city_map_add, created_at, updated_at)
      VALUES ('c1', 'Baghdad', '/uploads/t.webp', '', '', '', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`).run();
    handle.sqlite.prepare("INSERT INTO branches (city_id, position, address, phone, email, lat, lng) VALUES ('c1', 0, 'Karrada', '+964 770 000 0101', 'a@example.org', 33.3, 44.4)").run();

    expect(await migrateToLatest(handle, path.join(dir, 'backups'))).toEqual(Object.keys(migrations).filter((name) => name >= '007'));
    expect(handle.sqlite.prepare('SELECT name, name_ar, thumbnail FROM cities').all()).toEqual([{ name: 'Baghdad', name_ar: '', thumbnail: '/uploads/t.webp' }]);
    expect(handle.sqlite.prepare('SELECT address, address_ar, phone, lat FROM branches').all()).toEqual([{ address: 'Karrada', address_ar: '', phone: '+964 770 000 0101', lat: 33.3 }]);
    expect(handle.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('runs on a database that already applied 008 (numbers land in any order), and such a database passes the restore check before and after', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migration-007-'));
    dirs.push(dir);
    const file = path.join(dir, 'site.db');
    const handle = openDatabase(file);
    handles.push(handle);
    const without007 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== '007_arabic_city_names'));
    await migrateToLatest(handle, path.join(dir, 'backups'), without007);
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // A backup made by the version before this one restores into this one.
    await expect(checkSchema(file)).resolves.toBeUndefined();

    expect(await migrateToLatest(handle, path.join(dir, 'backups'))).toEqual(['007_arabic_city_names']);
    expect(handle.sqlite.prepare("SELECT count(*) FROM pragma_table_info('cities') WHERE name = 'name_ar'").pluck().get()).toBe(1);
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await expect(checkSchema(file)).resolves.toBeUndefined();
  });
});
