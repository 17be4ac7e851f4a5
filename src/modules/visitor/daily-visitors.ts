// Counts a visitor at most once a day without keeping who they are (docs/api-contract.md).
// Only in memory, and only for the current day: a random salt and the set of
// HMAC-SHA256(salt, address + user agent) digests. At day change both are replaced, so
// yesterday's digests cannot be linked to anyone, even by someone who reads the memory later.
// A restart forgets today's set too: at worst a visitor is counted twice that day.
import { createHmac, randomBytes } from 'node:crypto';

/** Memory bound under a flood of distinct clients; past it new clients are not counted today. */
export const MAX_TRACKED_PER_DAY = 200_000;

export type Clock = () => Date;

/** UTC calendar day, 'YYYY-MM-DD'. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface Sighting {
  day: string;
  /** True the first time this client is seen on this day. */
  firstToday: boolean;
}

export class DailyVisitors {
  private day = '';
  private salt: Buffer = Buffer.alloc(0);
  private seen = new Set<string>();

  constructor(private readonly now: Clock = () => new Date(), private readonly maxTracked = MAX_TRACKED_PER_DAY) {}

  sight(address: string, userAgent: string): Sighting {
    const today = utcDay(this.now());
    if (today !== this.day) this.startDay(today);
    // A separator that cannot occur in an address keeps "a"+"bc" apart from "ab"+"c".
    const digest = createHmac('sha256', this.salt).update(`${address}\n${userAgent}`).digest('base64url');
    if (this.seen.has(digest) || this.seen.size >= this.maxTracked) return { day: today, firstToday: false };
    this.seen.add(digest);
    return { day: today, firstToday: true };
  }

  /** How many clients are remembered for the current day (for tests and monitoring). */
  get trackedToday(): number {
    return this.seen.size;
  }

  private startDay(day: string): void {
    this.day = day;
    this.salt = randomBytes(32);
    this.seen = new Set();
  }
}
