// A transaction that takes SQLite's write lock before its first read (BEGIN IMMEDIATE).
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` between BEGIN IMMEDIATE and COMMIT (ROLLBACK when it throws). A rule checked by
 * reading (such as "another active admin remains") then holds for the write it allows: Kysely hands
 * its one connection to one caller at a time within this process, and the write lock keeps other
 * processes (the `npm run users` recovery command) out until the commit. Kysely's own
 * transaction() starts with a plain BEGIN, which takes the lock only at the first write.
 */
export async function immediateTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}
