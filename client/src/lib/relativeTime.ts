// docs/product-rules.md, Constants: under 1 minute 'A few seconds ago', under 1 hour 'N Minutes ago', under 24 hours
// 'N hours ago', otherwise day/month/year - HH:MM. This module decides which; the words come from
// the translation files so English and Arabic stay in one place.

export type RelativeTime =
  | { kind: 'seconds' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'date'; text: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

/** day/month/year - HH:MM in the visitor's local time. */
export function formatDateTime(date: Date): string {
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Iraq keeps UTC+3 all year: the server and a hydrating browser agree on this text. */
const IRAQ_OFFSET_MS = 3 * HOUR;

/** day/month/year - HH:MM in Iraq's time, whatever the machine's time zone. */
export function formatDateTimeInIraq(createdAt: string | number | Date): string {
  const date = new Date(new Date(createdAt).getTime() + IRAQ_OFFSET_MS);
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()} - ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

export function relativeTime(createdAt: string | number | Date, now: number = Date.now()): RelativeTime {
  const date = new Date(createdAt);
  // A clock slightly behind the server's gives a small negative age: treat it as just now.
  const age = Math.max(0, now - date.getTime());
  if (age < MINUTE) return { kind: 'seconds' };
  if (age < HOUR) return { kind: 'minutes', count: Math.floor(age / MINUTE) };
  if (age < DAY) return { kind: 'hours', count: Math.floor(age / HOUR) };
  return { kind: 'date', text: formatDateTime(date) };
}
