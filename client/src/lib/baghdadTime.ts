// Publication times are shown and entered in Baghdad time, whatever the computer's own zone: staff
// plan for Iraq. Intl knows the zone's rules (today UTC+3 all year); no offset is written here.
export const BAGHDAD = 'Asia/Baghdad';

/** "30 Jul 2030, 00:00" (or in Arabic with Latin digits) in Baghdad time. */
export function formatBaghdad(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-IQ-u-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: BAGHDAD }).format(date);
}

/** Baghdad's offset from UTC at an instant, in minutes (180 for +03:00). */
function offsetMinutesAt(ms: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: BAGHDAD, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const pad = (value: number) => String(value).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * A datetime-local value ("2030-07-30T00:00") read as Baghdad wall time, as ISO text with its
 * offset ("2030-07-30T00:00:00+03:00"), which the server stores in UTC. Null when not a time.
 */
export function baghdadInputToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const asUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  // The offset of the instant meant; asked twice in case a rule change lies between.
  const offset = offsetMinutesAt(asUtc - offsetMinutesAt(asUtc) * 60_000);
  return `${local}:00${offsetText(offset)}`;
}

/** An ISO instant as the datetime-local value of its Baghdad wall time. */
export function isoToBaghdadInput(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const wall = new Date(ms + offsetMinutesAt(ms) * 60_000);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
