// Migration 005 on a database made before it: posts, users and everything else are kept.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../connection';
import { migrateToLatest } from '../migrator';
import * as m001 from './001_initial';
import { ContentChanges } from '../../content-changes';
import { PostSearchIndex } from '../../modules/posts/search-index';
import { PostsRepository } from '../../modules/posts/repository';

const dir = mkdtempSync(path.join(tmpdir(), 'migration-005-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('adds the bundle tables and columns to an existing database, keeping its posts and their authors', async () => {
  const file = path.join(dir, 'site.db');
  const backups = path.join(dir, 'backups');
  const before = openDatabase(file);
  await migrateToLatest(before, backups, { '001_initial': m001 });
  before.sqlite.prepare("INSERT INTO users (id, name, email, password_hash, is_admin, is_author, created_at) VALUES ('u1', 'Staff', 's@example.org', 'x', 1, 1, '2026-01-01')").run();
  before.sqlite.prepare(`INSERT INTO posts (id, title, description, language, type, author_id, created_at, updated_at)
    VALUES ('p1', 'Kept', 'Text', 'en', 'Iraq', 'u1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run();
  await before.close();

  const after = openDatabase(file);
  try {
    expect(await migrateToLatest(after, backups)).toContain('005_content_bundles');
    expect(readdirSync(backups)).toHaveLength(1);
    const post = await new PostsRepository(after.db, new ContentChanges(), new PostSearchIndex(after.sqlite)).findById('p1');
    expect(post).toMatchObject({ title: 'Kept', author: 'u1', authorName: 'Staff' });
    for (const table of ['content_bundle_exports', 'content_bundle_imports', 'content_bundle_items', 'office_stats_imports', 'office_visitor_days', 'office_event_counts', 'office_rating_days']) {
      expect(after.sqlite.prepare('SELECT count(*) AS n FROM sqlite_master WHERE name = ?').get(table)).toEqual({ n: 1 });
    }
  } finally {
    await after.close();
  }
});
