// Day ranges of the visits report (UTC days, see @shared/days) and the paths page events name.
import { utcDay } from '@shared/days';
import { withoutLanguage } from '@shared/public-paths';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` days ending with the day of `today`, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(end - (count - 1 - i) * DAY_MS)));
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let at = start; at <= end; at += DAY_MS) days.push(utcDay(new Date(at)));
  return days;
}

/**
 * Keeps the path only: a query string or fragment may hold search terms or tokens. Percent
 * escapes are decoded so /maps/%D8%A8... and /maps/ب... count as one, readable, path; a page's
 * language addresses (/ar/about, /en/about) count as the page (/about).
 */
export function pathOnly(path: string): string {
  const bare = withoutLanguage(path.split(/[?#]/, 1)[0] || '/');
  try {
    const decoded = decodeURI(bare);
    return /[\u0000-\u001f\u007f]/.test(decoded) ? bare : decoded;
  } catch {
    return bare; // a malformed escape: keep the path as sent
  }
}

/** A path inside the site: starts with one slash, no control characters. Spaces are allowed
 * because a client may send a decoded path such as /posts/Flyer And Brochure. */
export function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/[\u0000-\u001f\u007f]/.test(path);
}

/**
 * A period cut for the pre-aggregated counts: the whole months inside it (YYYY-MM, first and
 * last, or null), and the days before and after them that are not a whole month (at most two
 * ranges of fewer than 31 days each).
 */
export function monthsAndDays(from: string, to: string): { months: [string, string] | null; days: Array<[string, string]> } {
  const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonthStart = (day: string) => {
    const at = new Date(`${monthStart(day)}T00:00:00Z`);
    return utcDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));
  };
  const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
  // The first whole month starts at `from` (when it is a first day) or at the next month.
  const firstWhole = from === monthStart(from) ? from : nextMonthStart(from);
  // The last whole month ends at `to` (when the next day starts a month) or the month before.
  const lastWholeEnd = nextMonthStart(to) === utcDay(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)) ? to : dayBefore(monthStart(to));
  if (firstWhole > lastWholeEnd) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (from < firstWhole) days.push([from, dayBefore(firstWhole)]);
  if (lastWholeEnd < to) days.push([utcDay(new Date(Date.parse(`${lastWholeEnd}T00:00:00Z`) + DAY_MS)), to]);
  return { months: [firstWhole.slice(0, 7), lastWholeEnd.slice(0, 7)], days };
}
