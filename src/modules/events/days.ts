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
