// Migration 008 numbers the emergency numbers in the order the lists showed them until then
// (newest first), so nobody's public page changes on the upgrade, and gives the audit log its name
// columns (empty in older rows: they are named at read time).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { migrateToLatest, migrations } from '../migrator';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const upTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

describe('migration 008', () => {
  it('keeps the order the emergency lists showed (newest first, rowid breaking ties) and leaves old audit rows unnamed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migration-008-'));
    dirs.push(dir);
    const handle = openDatabase(path.join(dir, 'site.db'));
    handles.push(handle);
    await migrateToLatest(handle, path.join(dir, 'backups'), upTo('006_post_schedule_translations_manage'));
    const insert = handle.sqlite.prepare("INSERT INTO emergency (id, type, value, name_en, name_ar, created_at) VALUES (?, ?, ?, ?, ?, ?)");
    insert.run('police', 'Emergency', '104', 'Police', 'الشرطة', '2024-01-01T00:00:00.000Z');
    insert.run('hotline', 'Emergency', '533', 'Hotline', 'الخط الساخن', '2024-03-01T00:00:00.000Z');
    insert.run('shelter', 'VOT', '0770', 'Shelter', 'دار', '2024-02-01T00:00:00.000Z');
    insert.run('legal', 'VOT', '0771', 'Legal aid', 'مساعدة', '2024-02-01T00:00:00.000Z');
    handle.sqlite.prepare("INSERT INTO audit_log (at, user_id, user_email, action, entity, entity_id, changes) VALUES ('2024-01-01', NULL, 'system', 'update', 'post', 'p1', '{}')").run();

    expect(await migrateToLatest(handle, path.join(dir, 'backups'))).toContain('008_emergency_order_audit_names');
    expect(handle.sqlite.prepare('SELECT id FROM emergency ORDER BY position').pluck().all()).toEqual(['hotline', 'legal', 'shelter', 'police']);
    expect(handle.sqlite.prepare('SELECT entity_name, entity_name_ar FROM audit_log').get()).toEqual({ entity_name: null, entity_name_ar: null });
    const indexes = handle.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('audit_log', 'emergency') AND sql IS NOT NULL ORDER BY name").pluck().all();
    expect(indexes).toEqual(['audit_log_actor', 'audit_log_at', 'audit_log_entity', 'audit_log_user', 'emergency_position']);
    // Each filter of the log reads through its index in time order, without a sort.
    const plan = (query: string) => (handle.sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
    expect(plan("SELECT * FROM audit_log WHERE user_id = 'u1' ORDER BY at DESC, id DESC LIMIT 20")).toMatch(/USING INDEX audit_log_user \(user_id=\?\)$/);
    expect(plan("SELECT * FROM audit_log WHERE user_id IS NULL AND user_email = 'system' ORDER BY at DESC, id DESC LIMIT 20")).toMatch(/USING INDEX audit_log_actor \(user_email=\?\)$/);
    expect(plan("SELECT * FROM audit_log WHERE entity = 'city' AND at >= '2025' ORDER BY at DESC, id DESC LIMIT 20")).toMatch(/USING INDEX audit_log_entity \(entity=\? AND at>\?\)$/);
    expect(plan('SELECT * FROM audit_log ORDER BY at DESC, id DESC LIMIT 20')).toMatch(/USING INDEX audit_log_at$/);
    expect(handle.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
