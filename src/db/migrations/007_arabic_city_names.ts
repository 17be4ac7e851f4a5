// Cities get an Arabic name and branches an Arabic address, so Arabic pages show Arabic text where
// they showed the Latin one. '' means "not written yet": the pages fall back to the Latin text.
// Written against Kysely<any> so this migration never depends on today's types.
// A landed migration never changes: a change is a new numbered file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('name_ar', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('branches').addColumn('address_ar', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').dropColumn('address_ar').execute();
  await db.schema.alterTable('cities').dropColumn('name_ar').execute();
}
