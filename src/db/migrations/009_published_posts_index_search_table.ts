// Reads that cost what the page costs (docs/decisions.md, "Costs that follow the page"):
// - posts_published: the published posts in date order, for what visitors read newest first across
//   every type (the feeds, the sitemap's slices). Partial (published posts only) and covering what
//   those reads select, so they read an index range and stop, never sorting every post nor reading
//   the table for the posts they skip.
// - posts_search goes: the public search reads the posts' search index (migration 006's
//   posts_manage_search), and this full-text table could only delete a post's row by reading every
//   row (its post_id is not indexed): 230 ms a save, and a bundle import that grew with the square
//   of the site, at 100,000 posts.
// Written against Kysely<any> so this migration never depends on today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE INDEX posts_published ON posts (created_at, id, language, updated_at) WHERE state = 'published'`.execute(trx);
    await sql`DROP TABLE posts_search`.execute(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_published').ifExists().execute();
  await sql`CREATE VIRTUAL TABLE posts_search USING fts5(post_id UNINDEXED, title, description, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  // Filled as the tokenizer reads the texts (without the alef and taa marbuta folding of normalize.ts).
  await sql`INSERT INTO posts_search (post_id, title, description) SELECT id, title, description FROM posts`.execute(db);
}
