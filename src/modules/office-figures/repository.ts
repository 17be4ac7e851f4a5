// The SQL of office figures: a field office's own daily counts (read from the visitor, event and
// rating tables), and the figures of field offices imported at headquarters. Synchronous
// statements inside one transaction, so a file's days are replaced whole or not at all.
import { SynchronousRepository } from '../../db/statements';
import type { EventName, RatingScope } from '@shared/domain';
import type { OfficeSummary } from './schema';

interface DayCount { day: string; count: number }
interface EventDayCount { day: string; name: EventName; path: string; count: number }
interface RatingDayCount { day: string; scope: RatingScope; rate: number; count: number }

export interface LocalFigures {
  visitors: DayCount[];
  events: EventDayCount[];
  ratings: RatingDayCount[];
}

interface StatsImportRecord {
  exportId: string;
  officeKey: string;
  officeName: string;
  createdAt: string;
  importedAt: string;
  fromDay: string;
  toDay: string;
}

interface StatsImportRow { export_id: string; office_key: string; office_name: string; created_at: string; imported_at: string; from_day: string; to_day: string }

function statsImportOf(row: StatsImportRow): StatsImportRecord {
  return {
    exportId: row.export_id, officeKey: row.office_key, officeName: row.office_name, createdAt: row.created_at,
    importedAt: row.imported_at, fromDay: row.from_day, toDay: row.to_day,
  };
}

const OFFICE_TABLES = ['office_visitor_days', 'office_event_counts', 'office_rating_days'] as const;

const SQL = {
  localVisitors: 'SELECT day, count FROM visitor_days WHERE count > 0 ORDER BY day',
  localEvents: `SELECT day, name, path, count FROM event_counts WHERE count > 0 AND name IN ('pageview', 'contact_click')
    ORDER BY day, name, path`,
  localRatings: `SELECT substr(created_at, 1, 10) AS day, scope, rate, count(*) AS count FROM ratings
    GROUP BY day, scope, rate ORDER BY day, scope, rate`,
  findImport: 'SELECT * FROM office_stats_imports WHERE export_id = ?',
  lastImport: 'SELECT * FROM office_stats_imports WHERE office_key = ? ORDER BY created_at DESC LIMIT 1',
  forgetDays: (table: (typeof OFFICE_TABLES)[number]) => `DELETE FROM ${table} WHERE office_key = ? AND day BETWEEN ? AND ?`,
  addVisitors: 'INSERT INTO office_visitor_days (office_key, day, count) VALUES (?, ?, ?)',
  addEvents: 'INSERT INTO office_event_counts (office_key, day, name, path, count) VALUES (?, ?, ?, ?, ?)',
  addRatings: 'INSERT INTO office_rating_days (office_key, day, scope, rate, count) VALUES (?, ?, ?, ?, ?)',
  recordImport: 'INSERT INTO office_stats_imports (export_id, office_key, office_name, created_at, imported_at, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?, ?)',
  latestPerOffice: `SELECT i.* FROM office_stats_imports i
    WHERE i.created_at = (SELECT max(created_at) FROM office_stats_imports WHERE office_key = i.office_key) ORDER BY i.office_name`,
  officeVisitors: 'SELECT sum(count) AS n FROM office_visitor_days WHERE office_key = ?',
  officeEvents: 'SELECT name, sum(count) AS n FROM office_event_counts WHERE office_key = ? GROUP BY name',
  officeRatings: 'SELECT scope, sum(count) AS votes, sum(count * rate) AS total FROM office_rating_days WHERE office_key = ? GROUP BY scope',
} as const;

export class OfficeFiguresRepository extends SynchronousRepository {
  private all<T>(text: string, ...params: unknown[]): T[] {
    return this.statement(text).all(...params) as T[];
  }

  /** This site's own daily counts (a field office's, for headquarters). */
  localFigures(): LocalFigures {
    return { visitors: this.all(SQL.localVisitors), events: this.all(SQL.localEvents), ratings: this.all(SQL.localRatings) };
  }

  findImport(exportId: string): StatsImportRecord | undefined {
    const row = this.statement(SQL.findImport).get(exportId) as StatsImportRow | undefined;
    return row && statsImportOf(row);
  }

  lastImport(officeKey: string): StatsImportRecord | undefined {
    const row = this.statement(SQL.lastImport).get(officeKey) as StatsImportRow | undefined;
    return row && statsImportOf(row);
  }

  /** Replaces the office's figures for the days fromDay..toDay with these. */
  replaceOfficeFigures(record: StatsImportRecord, figures: LocalFigures): void {
    const { officeKey, fromDay, toDay } = record;
    for (const table of OFFICE_TABLES) this.statement(SQL.forgetDays(table)).run(officeKey, fromDay, toDay);
    for (const row of figures.visitors) this.statement(SQL.addVisitors).run(officeKey, row.day, row.count);
    for (const row of figures.events) this.statement(SQL.addEvents).run(officeKey, row.day, row.name, row.path, row.count);
    for (const row of figures.ratings) this.statement(SQL.addRatings).run(officeKey, row.day, row.scope, row.rate, row.count);
    this.statement(SQL.recordImport).run(record.exportId, officeKey, record.officeName, record.createdAt, record.importedAt, fromDay, toDay);
  }

  /** One line per office: its latest figures file and its totals. */
  officeSummaries(): OfficeSummary[] {
    return this.all<StatsImportRow>(SQL.latestPerOffice).map((row) => {
      const key = row.office_key;
      const visitors = (this.statement(SQL.officeVisitors).get(key) as { n: number | null } | undefined)?.n ?? 0;
      const events = this.all<{ name: string; n: number }>(SQL.officeEvents, key);
      const ratings = this.all<{ scope: RatingScope; votes: number; total: number }>(SQL.officeRatings, key);
      const ratingOf = (scope: RatingScope) => {
        const found = ratings.find((r) => r.scope === scope);
        return found && found.votes > 0 ? { votes: found.votes, average: Math.round((found.total / found.votes) * 10) / 10 } : { votes: 0, average: 0 };
      };
      return {
        office: row.office_name,
        lastExportId: row.export_id,
        lastExportAt: row.created_at,
        importedAt: row.imported_at,
        fromDay: row.from_day,
        toDay: row.to_day,
        visitors,
        pageviews: events.find((e) => e.name === 'pageview')?.n ?? 0,
        contactClicks: events.find((e) => e.name === 'contact_click')?.n ?? 0,
        ratings: { website: ratingOf('website'), service: ratingOf('service') },
      };
    });
  }
}
