// Visitors per UTC day: a number only.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class VisitorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countOne(day: string): Promise<void> {
    await this.db.insertInto('visitor_days').values({ day, count: 1 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ count: sql<number>`count + 1` }))
      .execute();
  }

  async total(): Promise<number> {
    const row = await this.db.selectFrom('visitor_days')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
