// The visits reports read counts summed per day and per month and page (migration 009, kept by
// triggers on event_counts): played against the daily counts themselves, for periods that start
// and end inside months, across a year's end, and within one month, after counts were added,
// raised and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { monthsAndDays } from './days';

let ctx: TestContext;
const PATHS = ['/', '/about', '/posts/Iraq', '/p/aaaaaaaaaaaaaaaaaaaaaaaa', '/maps/بغداد'];

beforeAll(async () => {
  ctx = await createTestApp();
  const { sqlite } = ctx.app;
  const upsert = sqlite.prepare(`INSERT INTO event_counts (day, name, path, count) VALUES (?, ?, ?, ?)
    ON CONFLICT (day, name, path) DO UPDATE SET count = count + excluded.count`);
  let seed = 7;
  const next = () => { seed = (seed * 48271) % 2147483647; return seed; };
  for (let at = Date.UTC(2025, 10, 20); at <= Date.UTC(2026, 2, 10); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    for (const path of PATHS) {
      upsert.run(day, 'pageview', path, 1 + (next() % 9));
      if (next() % 3 === 0) upsert.run(day, 'pageview', path, 2); // a second write of the same day: the update trigger
      if (next() % 4 === 0) upsert.run(day, 'contact_click', path, 1);
    }
  }
  // Counts removed (an operator's clean-up): the delete trigger.
  sqlite.prepare("DELETE FROM event_counts WHERE day = '2026-01-05'").run();
});
afterAll(async () => { await ctx.cleanup(); });

function direct(from: string, to: string) {
  const { sqlite } = ctx.app;
  return {
    daily: sqlite.prepare('SELECT day, name, sum(count) AS count FROM event_counts WHERE day BETWEEN ? AND ? GROUP BY day, name ORDER BY day, name').all(from, to),
    top: sqlite.prepare(`SELECT path, sum(count) AS pageview FROM event_counts WHERE name = 'pageview' AND day BETWEEN ? AND ?
      GROUP BY path ORDER BY pageview DESC, path ASC LIMIT 3`).all(from, to),
  };
}

describe('the visits reports from pre-aggregated counts', () => {
  it('cut a period into whole months and the days around them', () => {
    expect(monthsAndDays('2026-01-01', '2026-01-31')).toEqual({ months: ['2026-01', '2026-01'], days: [] });
    expect(monthsAndDays('2026-01-15', '2026-02-10')).toEqual({ months: null, days: [['2026-01-15', '2026-02-10']] });
    expect(monthsAndDays('2025-11-28', '2026-02-27')).toEqual({ months: ['2025-12', '2026-01'], days: [['2025-11-28', '2025-11-30'], ['2026-02-01', '2026-02-27']] });
    expect(monthsAndDays('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02', '2024-02'], days: [] });
  });

  for (const [from, to] of [['2025-11-20', '2026-03-10'], ['2025-11-28', '2026-02-27'], ['2026-01-01', '2026-01-31'], ['2026-01-03', '2026-01-09'], ['2025-12-01', '2026-02-28']]) {
    it(`answer what the daily counts say, ${from} to ${to}`, async () => {
      const { events } = ctx.app.repositories;
      const expected = direct(from, to);
      const daily = (await events.perDay(from, to)).sort((a, b) => (a.day + a.name < b.day + b.name ? -1 : 1));
      expect(daily).toEqual(expected.daily);
      expect(await events.topPageviewPaths(from, to, 3)).toEqual(expected.top);
      const one = ctx.app.sqlite.prepare("SELECT sum(count) AS n FROM event_counts WHERE path = '/about' AND name = 'pageview' AND day BETWEEN ? AND ?").get(from, to) as { n: number };
      expect(await events.topPageviewPaths(from, to, 3, '/about')).toEqual([{ path: '/about', pageview: one.n }]);
    });
  }
});
