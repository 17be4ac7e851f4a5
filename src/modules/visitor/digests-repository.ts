// The daily-digest store's SQL: today's salt and the digests of clients counted today.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface DayState {
  salt: Buffer;
  /** How many digests today already holds. */
  tracked: number;
}

export class DailyDigestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Deletes every other day's salt and digests, then answers today's salt (stored first when
   * today has none yet, so concurrent starts agree on one) and today's digest count.
   */
  async startDay(day: string, freshSalt: Buffer): Promise<DayState & { deletedOtherDays: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const salts = await trx.deleteFrom('daily_salt').where('day', '<>', day).executeTakeFirst();
      const digests = await trx.deleteFrom('daily_digests').where('day', '<>', day).executeTakeFirst();
      await trx.insertInto('daily_salt').values({ day, salt: freshSalt }).onConflict((oc) => oc.column('day').doNothing()).execute();
      const { salt } = await trx.selectFrom('daily_salt').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
      const { n } = await trx.selectFrom('daily_digests').select((eb) => eb.fn.countAll<number>().as('n')).where('day', '=', day).executeTakeFirstOrThrow();
      const deletedOtherDays = Number(salts.numDeletedRows) + Number(digests.numDeletedRows) > 0;
      return { salt: Buffer.from(salt), tracked: Number(n), deletedOtherDays };
    });
  }

  /**
   * Stores a digest for the day; true when it is new. Nothing is stored once the day's salt is
   * gone (a request that raced the day's change), so no digest outlives its salt.
   */
  async remember(day: string, digest: Buffer): Promise<boolean> {
    const result = await sql`INSERT OR IGNORE INTO daily_digests (digest, day)
      SELECT ${digest}, ${day} WHERE EXISTS (SELECT 1 FROM daily_salt WHERE day = ${day})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Folds the WAL into the database file, so the deleted rows' old pages leave the WAL too. */
  async forgetDeletedPages(): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db);
  }
}
