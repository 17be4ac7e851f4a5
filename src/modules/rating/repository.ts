// Votes are stored as scope, rate and time only: nothing about who voted.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../shared/ids';
import type { RatingScope, RatingSummary, RatingVote } from './schema';

/** One decimal, as the star displays show it. */
function roundAverage(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return 0;
  return Math.round(Number(value) * 10) / 10;
}

export class RatingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(scope: RatingScope, rate: number): Promise<void> {
    await this.db.insertInto('ratings').values({ scope, rate, created_at: nowIso() }).execute();
  }

  async summary(): Promise<RatingSummary> {
    const rows = await this.db.selectFrom('ratings')
      .select((eb) => ['scope', eb.fn.avg<number>('rate').as('average')])
      .groupBy('scope')
      .execute();
    const averageOf = (scope: RatingScope) => roundAverage(rows.find((row) => row.scope === scope)?.average);
    return { avgCountry: averageOf('service'), avgWebsite: averageOf('website') };
  }

  /** How many votes each scope got per star value (only values that have votes). */
  async countsPerScopeAndRate(): Promise<Array<{ scope: RatingScope; rate: number; count: number }>> {
    const rows = await this.db.selectFrom('ratings')
      .select((eb) => ['scope', 'rate', eb.fn.countAll<number>().as('count')])
      .groupBy(['scope', 'rate'])
      .execute();
    return rows.map((row) => ({ scope: row.scope, rate: row.rate, count: Number(row.count) }));
  }

  all(): Promise<RatingVote[]> {
    return this.db.selectFrom('ratings').select(['scope', 'rate']).orderBy('id', 'asc').execute();
  }
}
