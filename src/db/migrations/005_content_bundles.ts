// Content bundles from headquarters to field offices, and field offices' figures back.
// Written against Kysely<any> so this migration never depends on today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A post that came in a bundle keeps the author headquarters named: that user does not exist here.
  await db.schema.alterTable('posts').addColumn('bundle_author_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('bundle_author_name', 'text').execute();

  // At headquarters: every bundle made, with the fingerprint of every item it described, so that
  // `--since <bundle>` can tell what changed or disappeared since then.
  await db.schema
    .createTable('content_bundle_exports')
    .addColumn('bundle_id', 'text', (c) => c.primaryKey())
    .addColumn('base_bundle_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .execute();

  // At a field office: every bundle applied, per source (the signing key).
  await db.schema
    .createTable('content_bundle_imports')
    .addColumn('bundle_id', 'text', (c) => c.primaryKey())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('base_bundle_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_bundle_imports_source').on('content_bundle_imports').columns(['source_key', 'created_at']).execute();

  // At a field office: which items each source brought, so a full bundle can remove what the
  // source no longer has, and a bundle never deletes the office's own content.
  await db.schema
    .createTable('content_bundle_items')
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_bundle_items_pk', ['source_key', 'kind', 'item_id'])
    .execute();

  // At headquarters: field offices' figures, per office and day, apart from headquarters' own.
  await db.schema
    .createTable('office_stats_imports')
    .addColumn('export_id', 'text', (c) => c.primaryKey())
    .addColumn('office_key', 'text', (c) => c.notNull())
    .addColumn('office_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('from_day', 'text', (c) => c.notNull())
    .addColumn('to_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('office_stats_imports_office').on('office_stats_imports').columns(['office_key', 'created_at']).execute();

  await db.schema
    .createTable('office_visitor_days')
    .addColumn('office_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('office_visitor_days_pk', ['office_key', 'day'])
    .execute();

  await db.schema
    .createTable('office_event_counts')
    .addColumn('office_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('office_event_counts_pk', ['office_key', 'day', 'name', 'path'])
    .execute();

  await db.schema
    .createTable('office_rating_days')
    .addColumn('office_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('website', 'service')`))
    .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate BETWEEN 1 AND 5`))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('office_rating_days_pk', ['office_key', 'day', 'scope', 'rate'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['office_rating_days', 'office_event_counts', 'office_visitor_days', 'office_stats_imports',
    'content_bundle_items', 'content_bundle_imports', 'content_bundle_exports']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('posts').dropColumn('bundle_author_name').execute();
  await db.schema.alterTable('posts').dropColumn('bundle_author_id').execute();
}
