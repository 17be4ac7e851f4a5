// Written against Kysely<any> so this migration never depends on today's types.
// A landed migration never changes: a change is a new numbered file.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_author', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('content_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_map', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_map', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_map_add', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // City names are unique whatever their case: /maps/Basra and /maps/basra are one city.
  await sql`CREATE UNIQUE INDEX cities_name_unique ON cities (name COLLATE NOCASE)`.execute(db);

  await db.schema
    .createTable('branches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('city_id', 'text', (c) => c.notNull().references('cities.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lat', 'real')
    .addColumn('lng', 'real')
    .execute();
  await db.schema.createIndex('branches_city').on('branches').columns(['city_id', 'position']).execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('website', 'service')`))
    .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate BETWEEN 1 AND 5`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language IN ('en', 'ar')`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('pdf', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('published').check(sql`state IN ('draft', 'published')`))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The public list: one type and language, published, newest first.
  await db.schema.createIndex('posts_list').on('posts').columns(['type', 'language', 'state', 'created_at']).execute();
  await db.schema.createIndex('posts_author').on('posts').columns(['author_id', 'created_at']).execute();

  // Texts are stored already normalised (diacritics, tatweel, alef forms, case), see posts/normalize.ts.
  await sql`CREATE VIRTUAL TABLE posts_search USING fts5(post_id UNINDEXED, title, description, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);

  await db.schema
    .createTable('emergency')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('Emergency', 'VOT')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('visitor_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('event_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_counts_pk', ['day', 'name', 'path'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'audit_log', 'event_counts', 'visitor_days', 'emergency', 'posts_search', 'posts', 'contacts', 'ratings', 'branches', 'cities', 'content', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
