// Alt texts for every image staff fill in, and the daily-digest store that counts visitors and
// post views at most once a day per client across restarts.
// Written against Kysely<any> so this migration never depends on today's types.
// A landed migration never changes: a change is a new numbered file.
import { sql, type Kysely } from 'kysely';

/**
 * An alt text column: NULL means "not filled in yet", '' means "decorative" (chosen on purpose),
 * any other text is the image's text alternative.
 */
const ALT_COLUMNS: Record<string, string[]> = {
  posts: ['image_alt'],
  content: ['image_alt_en', 'image_alt_ar'],
  cities: [
    'thumbnail_alt_en', 'thumbnail_alt_ar', 'country_map_alt_en', 'country_map_alt_ar',
    'city_map_alt_en', 'city_map_alt_ar', 'city_map_add_alt_en', 'city_map_add_alt_ar',
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(ALT_COLUMNS)) {
    for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
  }
  // One entry per picture, in the order of posts.pictures (JSON array of text or null).
  await db.schema.alterTable('posts').addColumn('pictures_alt', 'text', (c) => c.notNull().defaultTo('[]')).execute();

  // Today's random salt only: the row of an earlier day is deleted at the day's change.
  await db.schema
    .createTable('daily_salt')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'blob', (c) => c.notNull())
    .execute();
  // HMAC digests (salted with today's salt) of the clients already counted today; nothing else.
  await sql`CREATE TABLE daily_digests (
    digest BLOB PRIMARY KEY,
    day TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('daily_digests').ifExists().execute();
  await db.schema.dropTable('daily_salt').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('pictures_alt').execute();
  for (const [table, columns] of Object.entries(ALT_COLUMNS)) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
