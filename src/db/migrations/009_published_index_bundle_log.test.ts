// Migration 009 on a database made before it: the published posts' index, partial, over the posts
// already there; drafts are not in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../connection';
import { migrateToLatest, migrations } from '../migrator';

const dir = mkdtempSync(path.join(tmpdir(), 'migration-009-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('indexes the published posts already there, newest first, leaves drafts out, and drops the full-text table the search no longer reads', async () => {
  const file = path.join(dir, 'site.db');
  const before = openDatabase(file);
  const { '009_published_index_bundle_log': _added, ...earlier } = migrations;
  await migrateToLatest(before, path.join(dir, 'backups'), earlier);
  const insert = before.sqlite.prepare(`INSERT INTO posts (id, title, description, language, type, state, created_at, updated_at)
    VALUES (?, 'T', 'D', 'en', 'Iraq', ?, ?, ?)`);
  insert.run('old', 'published', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z');
  insert.run('new', 'published', '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z');
  insert.run('draft', 'draft', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
  await before.close();

  const after = openDatabase(file);
  try {
    expect(await migrateToLatest(after, path.join(dir, 'backups'))).toEqual(['009_published_index_bundle_log']);
    const rows = after.sqlite.prepare("SELECT id, updated_at FROM posts INDEXED BY posts_published WHERE state = 'published' ORDER BY created_at DESC, id DESC").all();
    expect(rows).toEqual([{ id: 'new', updated_at: '2025-01-02T00:00:00.000Z' }, { id: 'old', updated_at: '2024-01-01T00:00:00.000Z' }]);
    expect(after.sqlite.prepare("SELECT count(*) AS n FROM posts INDEXED BY posts_published WHERE state = 'published'").get()).toEqual({ n: 2 });
    expect(after.sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'posts_search%'").all()).toEqual([]);
    expect(after.sqlite.prepare('SELECT count(*) AS n FROM posts').get()).toEqual({ n: 3 });
  } finally {
    await after.close();
  }
});
