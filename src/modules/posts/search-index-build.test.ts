// The first start after an upgrade that queues every post for the search index: the index is built
// in the background while the server answers, and until it is done the dashboard says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentChanges } from '../../content-changes';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrator';
import { PostsManageRepository } from './manage-repository';
import { PostsRepository } from './repository';
import { BACKGROUND_BUILD_AFTER, PostSearchIndex } from './search-index';
import { searchWordsOf } from './search-query';

const POSTS = BACKGROUND_BUILD_AFTER + 100;
const dir = mkdtempSync(path.join(tmpdir(), 'search-index-build-'));
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = openDatabase(path.join(dir, 'site.db'));
  await migrateToLatest(handle, path.join(dir, 'backups'));
  // Posts written straight into the table (a migration, a restored database): each is queued for the index.
  const insert = handle.sqlite.prepare(`INSERT INTO posts (id, title, description, language, type, state, created_at, updated_at)
    VALUES (?, ?, 'Shelter and support', 'en', 'Guide', 'published', ?, ?)`);
  handle.sqlite.transaction(() => {
    for (let n = 0; n < POSTS; n++) {
      const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
      insert.run(`post${n}`, `Guide ${n}`, at, at);
    }
  })();
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the search index after an upgrade', () => {
  it('is built in the background when many posts are queued, and the dashboard says so meanwhile', async () => {
    const index = new PostSearchIndex(handle.sqlite);
    const manage = new PostsManageRepository(handle.sqlite, index);
    const posts = new PostsRepository(handle.db, new ContentChanges(), index);
    expect(index.queuedMoreThan(BACKGROUND_BUILD_AFTER)).toBe(true);

    index.start((error) => { throw error; });
    // Nothing has been indexed yet: start() returned without doing the work.
    expect(index.isBuilding).toBe(true);
    expect(index.queuedMoreThan(BACKGROUND_BUILD_AFTER)).toBe(true);
    expect(manage.page({ q: 'shelter' }, 1)).toMatchObject({ indexing: true });
    expect(manage.page({}, 1)).toMatchObject({ indexing: true, total: POSTS });

    await index.build();
    expect(index.isBuilding).toBe(false);
    expect(index.queuedMoreThan(0)).toBe(false);
    const done = manage.page({ q: 'shelter' }, 1);
    expect(done.total).toBe(POSTS);
    expect(done.indexing).toBeUndefined();
    const search = await posts.visibleSearchPage(searchWordsOf('shelter')!, 1);
    expect(search.posts[0].title).toBe(`Guide ${POSTS - 1}`);
    expect(search).toMatchObject({ pages: 50, more: true });
  });

  it('is brought up to date before answering when little is queued (a save queues one post)', async () => {
    const index = new PostSearchIndex(handle.sqlite);
    handle.sqlite.prepare("UPDATE posts SET title = 'Guide renamed' WHERE id = 'post3'").run();
    index.start((error) => { throw error; });
    expect(index.isBuilding).toBe(false);
    expect(index.queuedMoreThan(0)).toBe(false);
    expect(new PostsManageRepository(handle.sqlite, index).page({ q: 'renamed' }, 1).total).toBe(1);
  });

  it('is built in the background when a read finds many posts queued (a whole bundle imported), never during the read', async () => {
    const index = new PostSearchIndex(handle.sqlite);
    handle.sqlite.prepare('INSERT OR IGNORE INTO posts_manage_queue (post_id, indexed_key) SELECT id, sort_key FROM posts').run();
    index.catchUp();
    expect(index.isBuilding).toBe(true);
    expect(index.queuedMoreThan(BACKGROUND_BUILD_AFTER)).toBe(true);
    await index.build();
    expect(index.queuedMoreThan(0)).toBe(false);
  });
});
