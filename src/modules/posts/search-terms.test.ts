// Searches ask the index for the words a prefix stands for (search-terms.ts): they must find
// exactly the posts the prefix finds, in English and Arabic, for posts indexed before the start
// and after it, however FTS5 folds a word.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentChanges } from '../../content-changes';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrator';
import { PostsManageRepository } from './manage-repository';
import { PostsRepository } from './repository';
import { PostSearchIndex } from './search-index';
import { searchWordsOf } from './search-query';
import { MAX_EXPANSIONS } from './search-terms';

const dir = mkdtempSync(path.join(tmpdir(), 'search-terms-'));
const file = path.join(dir, 'site.db');
let writer: DatabaseHandle;
let insertedPosts = 0;

/** A published post written straight into the table, as a migration or an import would; queued for the index by triggers. */
function addPost(title: string, description: string, language: 'en' | 'ar' = 'en'): string {
  const id = `post${insertedPosts}`;
  const at = new Date(Date.UTC(2024, 0, 1) + insertedPosts * 60_000).toISOString();
  insertedPosts += 1;
  writer.sqlite.prepare(`INSERT INTO posts (id, title, description, language, type, state, created_at, updated_at)
    VALUES (?, ?, ?, ?, 'Guide', 'published', ?, ?)`).run(id, title, description, language, at, at);
  return id;
}

/** A server's view of the database: its own connection, index and repositories, as at a start. */
function serverOn(handle: DatabaseHandle) {
  const index = new PostSearchIndex(handle.sqlite);
  return { index, posts: new PostsRepository(handle.db, new ContentChanges(), index), manage: new PostsManageRepository(handle.sqlite, index) };
}

const ids = (page: { posts: Array<{ _id: string }> }) => page.posts.map((post) => post._id);

/** Runs `check` against a server started on a connection of its own, once it has read the index's words. */
async function withServer(check: (server: ReturnType<typeof serverOn>) => Promise<void>): Promise<void> {
  const handle = openDatabase(file);
  try {
    const server = serverOn(handle);
    await server.index.readWords();
    await check(server);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  writer = openDatabase(file);
  await migrateToLatest(writer, path.join(dir, 'backups'));
  addPost('Human trafficking', 'What trafficking is');
  addPost('Trafficked workers', 'Shelter for people who were trafficked');
  addPost('Traffic on the border', 'Roads');
  addPost('Café Ḥimāya', 'A meeting place');
  addPost('الاتّجار بالبشر', 'ما هو الاتجار', 'ar');
  addPost('مكافحة الاتجار', 'الإحالة والحماية', 'ar');
  for (let n = 0; n < MAX_EXPANSIONS + 4; n++) addPost(`Protection${String.fromCharCode(97 + n)}`, 'A word among many that start alike');
  // Indexed by the writer's connection: the server below knows these words only by reading the index.
  serverOn(writer).index.catchUp();
});
afterAll(async () => {
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('search words from the index vocabulary', () => {
  it('asks prefixes until the vocabulary is read, then the words they stand for, and finds the same posts', async () => {
    const handle = openDatabase(file);
    try {
      const { index, posts } = serverOn(handle);
      expect(index.expansionsOf('traff')).toBeNull();
      const before = await posts.visibleSearchPage(searchWordsOf('traff')!, 1);
      await index.readWords();
      expect(index.expansionsOf('traff')).toEqual(['traffic', 'trafficked', 'trafficking']);
      expect(index.expansionsOf('trafficki')).toEqual(['trafficking']);
      const after = await posts.visibleSearchPage(searchWordsOf('traff')!, 1);
      expect(ids(after)).toEqual(ids(before));
      expect(after.posts).toHaveLength(3);
    } finally {
      await handle.close();
    }
  });

  it('finds the same posts with and without the vocabulary for every prefix of every word, in both languages', async () => {
    const reading = openDatabase(file);
    const prefixOnly = openDatabase(file);
    try {
      const expanded = serverOn(reading);
      await expanded.index.readWords();
      const asked = serverOn(prefixOnly);
      const words = ['trafficking', 'trafficked', 'shelter', 'cafe', 'café', 'himaya', 'الاتجار', 'الاحاله', 'بالبشر', 'protectiona', 'among'];
      for (const word of words) {
        for (let cut = 1; cut <= word.length; cut++) {
          const keyword = `${word.slice(0, cut)} `;
          const one = await expanded.posts.visibleSearchPage(searchWordsOf(keyword)!, 1);
          const other = await asked.posts.visibleSearchPage(searchWordsOf(keyword)!, 1);
          expect({ keyword, ids: ids(one), pages: one.pages }).toEqual({ keyword, ids: ids(other), pages: other.pages });
          expect(expanded.manage.page({ q: keyword }, 1).total).toBe(asked.manage.page({ q: keyword }, 1).total);
        }
      }
    } finally {
      await reading.close();
      await prefixOnly.close();
    }
  });

  it('never reads words inside a transaction another holds open, whose rollback would lose them', async () => {
    const handle = openDatabase(file);
    try {
      const { index } = serverOn(handle);
      handle.sqlite.exec('BEGIN');
      const reading = index.readWords();
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(index.expansionsOf('traff')).toBeNull();
      handle.sqlite.exec('ROLLBACK');
      await reading;
      expect(index.expansionsOf('traff')).toEqual(['traffic', 'trafficked', 'trafficking']);
    } finally {
      await handle.close();
    }
  });

  it('lets FTS5 fold what the index folds: "café" and "caf" both find the café, and only "caf" is expanded', async () => {
    await withServer(async ({ index, posts }) => {
      expect(index.expansionsOf('caf')).toEqual(['cafe']);
      expect(index.expansionsOf('café')).toBeNull();
      for (const keyword of ['café', 'caf', 'CAFE', 'himaya', 'Ḥimāya']) {
        expect((await posts.visibleSearchPage(searchWordsOf(keyword)!, 1)).posts.map((post) => post.title)).toEqual(['Café Ḥimāya']);
      }
    });
  });

  it(`asks a prefix that stands for more than ${MAX_EXPANSIONS} words as a prefix, and still finds every post`, async () => {
    await withServer(async ({ index, posts }) => {
      expect(index.expansionsOf('protection')).toBeNull();
      expect(index.expansionsOf('protectiona')).toEqual(['protectiona']);
      expect((await posts.visibleSearchPage(searchWordsOf('protection')!, 1)).pages).toBe(Math.ceil((MAX_EXPANSIONS + 4) / 9));
    });
  });

  it('learns the words of posts saved after the start, in English and Arabic', async () => {
    await withServer(async ({ index, posts }) => {
      const english = addPost('Zebrafish hotline', 'New words');
      const arabic = addPost('خط الطوارئ الجديد', 'كلمات جديدة', 'ar');
      expect(ids(await posts.visibleSearchPage(searchWordsOf('zebra')!, 1))).toEqual([english]);
      expect(index.expansionsOf('zebra')).toEqual(['zebrafish']);
      expect(ids(await posts.visibleSearchPage(searchWordsOf('الطوار')!, 1))).toEqual([arabic]);
      expect(index.expansionsOf('الطوار')).toEqual(['الطوارئ']);
    });
  });
});
