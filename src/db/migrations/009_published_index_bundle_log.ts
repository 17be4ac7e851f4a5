// Reads that cost what the page costs (docs/decisions.md, "Costs that follow the page"):
// - posts_published: the published posts in date order, for what visitors read newest first across
//   every type (the feeds, the sitemap's slices). Partial (published posts only) and covering what
//   those reads select, so they read an index range and stop, never sorting every post nor reading
//   the table for the posts they skip.
// - posts_search goes: the public search reads the posts' search index (migration 006's
//   posts_manage_search), and this full-text table could only delete a post's row by reading every
//   row (its post_id is not indexed): 230 ms a save, and a bundle import that grew with the square
//   of the site, at 100,000 posts.
// - content_bundle_log: every change of a post a content bundle carries (its own, its counterpart's
//   link, its author's name), numbered; a bundle made here remembers the last number, so the next
//   bundle "since" it reads only the posts changed after, never every post of the site.
// - event_day_totals and event_month_paths: the daily counts summed per day, and per month and
//   page, kept by triggers on event_counts; the visits reports of a year read a few thousand rows
//   of them instead of every page's count of every day (half a million rows: 0.5 s a report).
// Written against Kysely<any> so this migration never depends on today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE INDEX posts_published ON posts (created_at, id, language, updated_at) WHERE state = 'published'`.execute(trx);
    await sql`DROP TABLE posts_search`.execute(trx);

    await sql`CREATE TABLE content_bundle_log (seq INTEGER PRIMARY KEY, post_id TEXT NOT NULL)`.execute(trx);
    await sql`ALTER TABLE content_bundle_exports ADD COLUMN log_seq INTEGER`.execute(trx);
    // A post's item names its counterpart only while both are public: a change of either is logged for both.
    await sql`CREATE TRIGGER content_bundle_log_insert AFTER INSERT ON posts BEGIN
      INSERT INTO content_bundle_log (post_id) VALUES (NEW.id);
      INSERT INTO content_bundle_log (post_id) SELECT NEW.translation_of WHERE NEW.translation_of IS NOT NULL; END`.execute(trx);
    // Every column a bundle item carries (not views, nor the search index's sort_key).
    await sql`CREATE TRIGGER content_bundle_log_update AFTER UPDATE OF title, description, image, image_alt, pictures, pictures_alt, video,
      language, type, pdf, state, author_id, bundle_author_id, bundle_author_name, created_at, updated_at, translation_of ON posts BEGIN
      INSERT INTO content_bundle_log (post_id) VALUES (NEW.id);
      INSERT INTO content_bundle_log (post_id) SELECT NEW.translation_of WHERE NEW.translation_of IS NOT NULL;
      INSERT INTO content_bundle_log (post_id) SELECT OLD.translation_of WHERE OLD.translation_of IS NOT NULL AND OLD.translation_of IS NOT NEW.translation_of; END`.execute(trx);
    await sql`CREATE TRIGGER content_bundle_log_delete AFTER DELETE ON posts BEGIN
      INSERT INTO content_bundle_log (post_id) VALUES (OLD.id);
      INSERT INTO content_bundle_log (post_id) SELECT OLD.translation_of WHERE OLD.translation_of IS NOT NULL; END`.execute(trx);
    await sql`CREATE TRIGGER content_bundle_log_author AFTER UPDATE OF name ON users BEGIN
      INSERT INTO content_bundle_log (post_id) SELECT id FROM posts WHERE author_id = NEW.id; END`.execute(trx);

    await sql`CREATE TABLE event_day_totals (day TEXT NOT NULL, name TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, name)) WITHOUT ROWID`.execute(trx);
    await sql`CREATE TABLE event_month_paths (month TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (month, name, path)) WITHOUT ROWID`.execute(trx);
    // One page's counts over a period (the reports' path filter).
    await sql`CREATE INDEX event_counts_path_day ON event_counts (path, day)`.execute(trx);
    await sql`INSERT INTO event_day_totals (day, name, count) SELECT day, name, sum(count) FROM event_counts GROUP BY day, name`.execute(trx);
    await sql`INSERT INTO event_month_paths (month, name, path, count) SELECT substr(day, 1, 7), name, path, sum(count) FROM event_counts
      GROUP BY substr(day, 1, 7), name, path`.execute(trx);
    for (const [event, delta, row] of [['INSERT', 'NEW.count', 'NEW'], ['UPDATE OF count', 'NEW.count - OLD.count', 'NEW'], ['DELETE', '-OLD.count', 'OLD']] as const) {
      const name = `event_totals_${event.split(' ')[0].toLowerCase()}`;
      await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON event_counts BEGIN
        INSERT INTO event_day_totals (day, name, count) VALUES (${row}.day, ${row}.name, ${delta})
          ON CONFLICT (day, name) DO UPDATE SET count = count + excluded.count;
        INSERT INTO event_month_paths (month, name, path, count) VALUES (substr(${row}.day, 1, 7), ${row}.name, ${row}.path, ${delta})
          ON CONFLICT (month, name, path) DO UPDATE SET count = count + excluded.count; END`).execute(trx);
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['event_totals_insert', 'event_totals_update', 'event_totals_delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  await db.schema.dropIndex('event_counts_path_day').ifExists().execute();
  await db.schema.dropTable('event_month_paths').ifExists().execute();
  await db.schema.dropTable('event_day_totals').ifExists().execute();
  for (const trigger of ['content_bundle_log_insert', 'content_bundle_log_update', 'content_bundle_log_delete', 'content_bundle_log_author']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  await db.schema.dropTable('content_bundle_log').ifExists().execute();
  await db.schema.alterTable('content_bundle_exports').dropColumn('log_seq').execute();
  await db.schema.dropIndex('posts_published').ifExists().execute();
  await sql`CREATE VIRTUAL TABLE posts_search USING fts5(post_id UNINDEXED, title, description, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  // Filled as the tokenizer reads the texts (without the alef and taa marbuta folding of normalize.ts).
  await sql`INSERT INTO posts_search (post_id, title, description) SELECT id, title, description FROM posts`.execute(db);
}
