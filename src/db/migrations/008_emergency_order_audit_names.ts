// Emergency numbers in the order staff choose: a position each, existing rows numbered in the
// order the lists showed them until now (newest first). And an audit log that names its items: the
// title or name at the time of the change (an item deleted later is still named; older rows have
// none and are named at read time), with indexes for the log's filters (person, kind of item, date).
// Written against Kysely<any> so this migration never depends on today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction: this one has its own.
  await db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE emergency ADD COLUMN position INTEGER NOT NULL DEFAULT 0`.execute(trx);
    await sql`UPDATE emergency SET position = (
      SELECT ordered.place FROM (SELECT id, row_number() OVER (ORDER BY created_at DESC, rowid DESC) - 1 AS place FROM emergency) AS ordered
      WHERE ordered.id = emergency.id)`.execute(trx);
    await sql`CREATE INDEX emergency_position ON emergency (position)`.execute(trx);

    await sql`ALTER TABLE audit_log ADD COLUMN entity_name TEXT`.execute(trx);
    await sql`ALTER TABLE audit_log ADD COLUMN entity_name_ar TEXT`.execute(trx);
    // The log is read newest first (at, then id); each filter's index ends with the time, so a
    // filter and a period read in order without sorting.
    await sql`CREATE INDEX audit_log_at ON audit_log (at)`.execute(trx);
    await sql`CREATE INDEX audit_log_user ON audit_log (user_id, at)`.execute(trx);
    await sql`CREATE INDEX audit_log_actor ON audit_log (user_email, at) WHERE user_id IS NULL`.execute(trx);
    await sql`CREATE INDEX audit_log_entity ON audit_log (entity, at)`.execute(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['audit_log_at', 'audit_log_entity', 'audit_log_actor', 'audit_log_user', 'emergency_position']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('audit_log').dropColumn('entity_name_ar').execute();
  await db.schema.alterTable('audit_log').dropColumn('entity_name').execute();
  await db.schema.alterTable('emergency').dropColumn('position').execute();
}
