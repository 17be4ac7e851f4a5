// Accounts that can be disabled, forced to choose a new password, and have every token revoked.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A disabled user keeps their row (and their posts) but can neither log in nor use a token.
  await sql`ALTER TABLE users ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))`.execute(db);
  // Set by an administrator's reset or the recovery command: every staff call but the password change is refused.
  await sql`ALTER TABLE users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0 CHECK (must_change_password IN (0, 1))`.execute(db);
  // Carried in each token: raising it ends every session of the user at once.
  await sql`ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['token_version', 'must_change_password', 'active']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
