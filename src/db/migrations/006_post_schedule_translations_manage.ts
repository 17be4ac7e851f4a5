// Posts: a 'scheduled' state with its publication time, a counterpart in the other language, and
// the structures behind the dashboard's post list at 100,000 posts (docs/decisions.md).
// Written against Kysely<any> so this migration never depends on today's types.
import { sql, type Kysely } from 'kysely';

/**
 * SQLite cannot change a CHECK constraint in place: the table is rebuilt from its own stored
 * definition (so columns that earlier migrations added are kept), with the state check widened and
 * the new columns appended, following SQLite's documented procedure for other schema changes.
 */
async function rebuildPostsTable(db: Kysely<any>): Promise<void> {
  const definition = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'posts'`.execute(db);
  const createPosts = definition.rows[0]?.sql;
  const stateCheck = /check \(state IN \('draft', 'published'\)\)/i;
  if (!createPosts || !stateCheck.test(createPosts) || !/^create table "?posts"? \(/i.test(createPosts)) {
    throw new Error('006: the posts table does not have the expected definition; nothing was changed');
  }
  const rebuilt = createPosts
    .replace(/^create table "?posts"? \(/i, 'CREATE TABLE "posts_rebuilt" (')
    .replace(stateCheck, "check (state IN ('draft', 'published', 'scheduled'))")
    .replace(/\)\s*$/, `, "publish_at" text, "translation_of" text references "posts" ("id") on delete set null, "sort_key" integer,
      check (state <> 'scheduled' or publish_at is not null), check (translation_of is null or translation_of <> id))`);

  const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('posts')`.execute(db)).rows.map((row) => `"${row.name}"`).join(', ');
  // Indexes and triggers go with the old table; they are made again, as they were, on the new one.
  const dependents = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE tbl_name = 'posts' AND type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db)).rows;

  await sql.raw(rebuilt).execute(db);
  // rowids are kept: the public search breaks ties on them.
  await sql.raw(`INSERT INTO posts_rebuilt (rowid, ${columns}) SELECT rowid, ${columns} FROM posts`).execute(db);
  await sql`DROP TABLE posts`.execute(db);
  await sql`ALTER TABLE posts_rebuilt RENAME TO posts`.execute(db);
  for (const { sql: statement } of dependents) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction: the rebuild gets its own, with foreign
  // keys off while the old table is dropped (a table referencing posts must not see it vanish).
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await rebuildPostsTable(trx);
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`006: foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);

      // A post has at most one counterpart, and no two posts name the same one.
      await sql`CREATE UNIQUE INDEX posts_translation ON posts (translation_of) WHERE translation_of IS NOT NULL`.execute(trx);
      // The next scheduled publication: one index step.
      await sql`CREATE INDEX posts_scheduled ON posts (publish_at) WHERE state = 'scheduled'`.execute(trx);

      // The dashboard list: newest first by sort_key (the creation time in ms * 1024 + a sequence,
      // unique, an integer so that the search index can use it as its rowid), and every filter column
      // inside the same index, so any combination of filters pages without reading the table.
      await sql`CREATE UNIQUE INDEX posts_sort_key ON posts (sort_key)`.execute(trx);
      await sql`CREATE INDEX posts_manage ON posts (sort_key, type, language, state, author_id)`.execute(trx);
      // The same, led by the filters that narrow most: an author's own posts (every list an author
      // opens), and drafts or scheduled posts (few among many published ones).
      await sql`CREATE INDEX posts_manage_author ON posts (author_id, sort_key, type, language, state)`.execute(trx);
      await sql`CREATE INDEX posts_manage_state ON posts (state, sort_key, type, language, author_id)`.execute(trx);

      // The dashboard search: the same normalised texts as posts_search, plus the filters as tokens
      // of their own column, so search and filters are one FTS5 query that reads rows in sort_key
      // order and stops after a page. Contentless: it keeps the index only, never a copy of the texts.
      // detail = column keeps no word positions (a third smaller): the search only asks for single
      // words (search-query.ts), never phrases. prefix = '2' makes two-letter prefixes ("ال") fast.
      await sql`CREATE VIRTUAL TABLE posts_manage_search USING fts5(title, description, facets,
        content = '', contentless_delete = 1, detail = column, prefix = '2', tokenize = 'unicode61 remove_diacritics 2')`.execute(trx);

      // Every change to an indexed column, from any writer (the server, a recovery tool, a deleted
      // author's posts losing their author), queues the post; the server indexes the queue before it
      // answers the dashboard list. indexed_key is the rowid the post had in the index, if any.
      await sql`CREATE TABLE posts_manage_queue (post_id TEXT PRIMARY KEY, indexed_key INTEGER)`.execute(trx);
      await sql`CREATE TRIGGER posts_manage_queue_insert AFTER INSERT ON posts BEGIN
        INSERT OR IGNORE INTO posts_manage_queue (post_id, indexed_key) VALUES (NEW.id, NULL); END`.execute(trx);
      await sql`CREATE TRIGGER posts_manage_queue_update AFTER UPDATE OF title, description, language, type, state, author_id, created_at, sort_key ON posts BEGIN
        INSERT OR IGNORE INTO posts_manage_queue (post_id, indexed_key) VALUES (NEW.id, OLD.sort_key); END`.execute(trx);
      await sql`CREATE TRIGGER posts_manage_queue_delete AFTER DELETE ON posts BEGIN
        INSERT OR IGNORE INTO posts_manage_queue (post_id, indexed_key) VALUES (OLD.id, OLD.sort_key); END`.execute(trx);
      await sql`INSERT INTO posts_manage_queue (post_id, indexed_key) SELECT id, NULL FROM posts`.execute(trx);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
