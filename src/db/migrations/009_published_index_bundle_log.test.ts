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

it('sums the visit counts already there per day and per month and page, then keeps the sums as counts change', async () => {
  const file = path.join(dir, 'counts.db');
  const before = openDatabase(file);
  const { '009_published_index_bundle_log': _added, ...earlier } = migrations;
  await migrateToLatest(before, path.join(dir, 'backups-counts'), earlier);
  const insert = before.sqlite.prepare('INSERT INTO event_counts (day, name, path, count) VALUES (?, ?, ?, ?)');
  insert.run('2026-01-30', 'pageview', '/', 3);
  insert.run('2026-01-31', 'pageview', '/', 4);
  insert.run('2026-01-31', 'pageview', '/about', 5);
  insert.run('2026-02-01', 'contact_click', '/about', 1);
  await before.close();

  const after = openDatabase(file);
  try {
    await migrateToLatest(after, path.join(dir, 'backups-counts'));
    const days = () => after.sqlite.prepare('SELECT day, name, count FROM event_day_totals ORDER BY day, name').all();
    const months = () => after.sqlite.prepare('SELECT month, name, path, count FROM event_month_paths ORDER BY month, name, path').all();
    expect(days()).toEqual([
      { day: '2026-01-30', name: 'pageview', count: 3 }, { day: '2026-01-31', name: 'pageview', count: 9 }, { day: '2026-02-01', name: 'contact_click', count: 1 },
    ]);
    expect(months()).toEqual([
      { month: '2026-01', name: 'pageview', path: '/', count: 7 }, { month: '2026-01', name: 'pageview', path: '/about', count: 5 },
      { month: '2026-02', name: 'contact_click', path: '/about', count: 1 },
    ]);
    after.sqlite.prepare("UPDATE event_counts SET count = count + 2 WHERE day = '2026-01-31' AND path = '/'").run();
    after.sqlite.prepare("DELETE FROM event_counts WHERE day = '2026-01-30'").run();
    expect(days()[0]).toEqual({ day: '2026-01-30', name: 'pageview', count: 0 });
    expect(months()[0]).toEqual({ month: '2026-01', name: 'pageview', path: '/', count: 6 });
  } finally {
    await after.close();
  }
});
