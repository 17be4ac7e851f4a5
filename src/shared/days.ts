// UTC calendar days as 'YYYY-MM-DD' text, which sorts and compares correctly in SQLite: the day of
// the visitor count, of page events and of the office figures.
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
