// Daily counts per (day, event name, path): the only analytics data kept.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventName } from './schema';

export interface DayCount {
  day: string;
  name: string;
  count: number;
}

export class EventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countOne(day: string, name: EventName, path: string): Promise<void> {
    await this.db.insertInto('event_counts').values({ day, name, path, count: 1 })
      .onConflict((oc) => oc.columns(['day', 'name', 'path']).doUpdateSet({ count: sql<number>`count + 1` }))
      .execute();
  }

  /** Counts per day and name; with `path`, of that page only. */
  async perDay(from: string, to: string, path?: string): Promise<DayCount[]> {
    const rows = await this.db.selectFrom('event_counts')
      .select((eb) => ['day', 'name', eb.fn.sum<number>('count').as('count')])
      .where('day', '>=', from).where('day', '<=', to)
      .$if(path !== undefined, (query) => query.where('path', '=', path!))
      .groupBy(['day', 'name'])
      .execute();
    return rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
  }

  async topPageviewPaths(from: string, to: string, limit: number, path?: string): Promise<Array<{ path: string; pageview: number }>> {
    const rows = await this.db.selectFrom('event_counts')
      .select((eb) => ['path', eb.fn.sum<number>('count').as('pageview')])
      .where('name', '=', 'pageview').where('day', '>=', from).where('day', '<=', to)
      .$if(path !== undefined, (query) => query.where('path', '=', path!))
      .groupBy('path')
      .orderBy('pageview', 'desc').orderBy('path', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ path: row.path, pageview: Number(row.pageview) }));
  }
}
