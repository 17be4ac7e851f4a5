// Daily counts per (day, event name, path): the only analytics data kept. The reports read them
// summed per day and per month and page (event_day_totals, event_month_paths: migration 009, kept
// by triggers), so a year's report reads a few thousand rows, not every page's count of every day.
import { sql, type Kysely } from 'kysely';
import { monthsAndDays } from './days';
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

  /** Counts per day and name; with `path`, of that page only (its own index range). */
  async perDay(from: string, to: string, path?: string): Promise<DayCount[]> {
    if (path === undefined) {
      const totals = await this.db.selectFrom('event_day_totals').select(['day', 'name', 'count'])
        .where('day', '>=', from).where('day', '<=', to).where('count', '>', 0).execute();
      return totals.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
    }
    const rows = await this.db.selectFrom('event_counts')
      .select((eb) => ['day', 'name', eb.fn.sum<number>('count').as('count')])
      .where('path', '=', path).where('day', '>=', from).where('day', '<=', to)
      .groupBy(['day', 'name'])
      .execute();
    return rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
  }

  /** The most viewed pages of a period: whole months from their monthly sums, the days around them from the daily counts. */
  async topPageviewPaths(from: string, to: string, limit: number, path?: string): Promise<Array<{ path: string; pageview: number }>> {
    if (path !== undefined) {
      const row = await this.db.selectFrom('event_counts').select((eb) => eb.fn.sum<number>('count').as('pageview'))
        .where('path', '=', path).where('name', '=', 'pageview').where('day', '>=', from).where('day', '<=', to)
        .executeTakeFirst();
      const pageview = Number(row?.pageview ?? 0);
      return pageview > 0 && limit > 0 ? [{ path, pageview }] : [];
    }
    if (limit <= 0) return [];
    const { months, days } = monthsAndDays(from, to);
    const parts = [
      ...(months ? [this.db.selectFrom('event_month_paths').select(['path', 'count'])
        .where('name', '=', 'pageview').where('month', '>=', months[0]).where('month', '<=', months[1])] : []),
      ...days.map(([first, last]) => this.db.selectFrom('event_counts').select(['path', 'count'])
        .where('name', '=', 'pageview').where('day', '>=', first).where('day', '<=', last)),
    ];
    const [head, ...rest] = parts;
    const union = rest.reduce((query, part) => query.unionAll(part), head!);
    const rows = await this.db.selectFrom(union.as('counted'))
      .select((eb) => ['path', eb.fn.sum<number>('count').as('pageview')])
      .groupBy('path')
      .orderBy('pageview', 'desc').orderBy('path', 'asc')
      .limit(limit)
      .execute();
    return rows.filter((row) => Number(row.pageview) > 0).map((row) => ({ path: row.path, pageview: Number(row.pageview) }));
  }
}
