// UTC calendar days as 'YYYY-MM-DD' text, which sorts and compares correctly in SQLite.
const DAY_MS = 24 * 60 * 60 * 1000;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `count` days ending with the day of `today`, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(end - (count - 1 - i) * DAY_MS)));
}

/** Keeps the path only: a query string or fragment may hold search terms or tokens. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] || '/';
}
