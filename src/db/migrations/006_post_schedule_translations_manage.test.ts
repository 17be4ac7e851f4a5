// Migration 006 rebuilds the posts table to widen its state check: nothing may be lost on the way,
// including a column that an earlier migration added and the rowids the public search relies on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { migrateToLatest } from '../migrator';
import * as m001 from './001_initial';
import * as m006 from './006_post_schedule_translations_manage';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database at 001 plus an earlier migration that added a column to posts, holding two posts. */
async function databaseBefore006() {
  const dir = mkdtempSync(path.join(tmpdir(), 'migration-006-'));
  dirs.push(dir);
  const handle = openDatabase(path.join(dir, 'site.db'));
  handles.push(handle);
  const addAltText = { up: async (db: Kysely<any>) => { await sql`ALTER TABLE posts ADD COLUMN image_alt TEXT NOT NULL DEFAULT ''`.execute(db); } };
  await migrateToLatest(handle, path.join(dir, 'backups'), { '001_initial': m001, '002_alt': addAltText });
  const insert = handle.sqlite.prepare(`INSERT INTO posts (rowid, id, title, description, language, type, state, created_at, updated_at, image_alt)
    VALUES (?, ?, ?, 'text', ?, 'Guide', ?, ?, ?, ?)`);
  insert.run(7, 'a1', 'Old draft', 'en', 'draft', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', 'a map');
  insert.run(3, 'b2', 'منشور', 'ar', 'published', '2024-02-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', 'خريطة');
  return { handle, dir };
}

describe('migration 006', () => {
  it('keeps every row, column, rowid and index, and queues every post for the dashboard index', async () => {
    const { handle, dir } = await databaseBefore006();
    const before = handle.sqlite.prepare('SELECT rowid, * FROM posts ORDER BY rowid').all();
    expect(await migrateToLatest(handle, path.join(dir, 'backups'), { '001_initial': m001, '002_alt': { up: async () => {} }, '006': m006 })).toEqual(['006']);

    const after = handle.sqlite.prepare('SELECT rowid, * FROM posts ORDER BY rowid').all() as Array<Record<string, unknown>>;
    expect(after).toEqual((before as Array<Record<string, unknown>>).map((row) => ({ ...row, publish_at: null, translation_of: null, sort_key: null })));
    const indexes = handle.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'posts' AND sql IS NOT NULL ORDER BY name").pluck().all();
    expect(indexes).toEqual(['posts_author', 'posts_list', 'posts_manage', 'posts_manage_author', 'posts_manage_state', 'posts_scheduled', 'posts_sort_key', 'posts_translation']);
    expect(handle.sqlite.prepare('SELECT post_id FROM posts_manage_queue ORDER BY post_id').pluck().all()).toEqual(['a1', 'b2']);
    expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(handle.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('allows the scheduled state only with a publication time, and refuses a post as its own translation', async () => {
    const { handle, dir } = await databaseBefore006();
    await migrateToLatest(handle, path.join(dir, 'backups'), { '001_initial': m001, '002_alt': { up: async () => {} }, '006': m006 });
    const setState = handle.sqlite.prepare('UPDATE posts SET state = ?, publish_at = ? WHERE id = ?');
    expect(() => setState.run('scheduled', null, 'a1')).toThrow(/CHECK/);
    expect(() => setState.run('archived', null, 'a1')).toThrow(/CHECK/);
    setState.run('scheduled', '2030-07-29T21:00:00.000Z', 'a1');
    expect(() => handle.sqlite.prepare("UPDATE posts SET translation_of = 'a1' WHERE id = 'a1'").run()).toThrow(/CHECK/);
    // Both sides name each other; a third post cannot name the same counterpart.
    handle.sqlite.prepare("UPDATE posts SET translation_of = CASE id WHEN 'a1' THEN 'b2' ELSE 'a1' END").run();
    handle.sqlite.prepare("INSERT INTO posts (id, title, description, language, type, created_at, updated_at) VALUES ('c3', 't', 'd', 'ar', 'Guide', 'x', 'x')").run();
    expect(() => handle.sqlite.prepare("UPDATE posts SET translation_of = 'a1' WHERE id = 'c3'").run()).toThrow(/UNIQUE/);
    // Deleting one side leaves the other without a counterpart, and queues it.
    handle.sqlite.prepare("DELETE FROM posts WHERE id = 'b2'").run();
    expect(handle.sqlite.prepare("SELECT translation_of FROM posts WHERE id = 'a1'").pluck().get()).toBeNull();
  });
});
