// Counts a client at most once a day without keeping who they are (docs/api-contract.md), for
// the visitor count and for post views alike. Kept in the database for the current day only:
// a random salt and the HMAC-SHA256(salt, purpose + address + user agent) digests of the
// clients seen today. No address or user agent is ever stored. At the day's change both the
// salt and the digests are deleted, so yesterday's digests cannot be linked to anyone, even by
// someone who reads the database later. A restart within the day keeps them, so a kiosk
// restarted each morning does not count its staff again.
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { utcDay } from '@shared/days';
import type { DailyDigestsRepository } from './digests-repository';
import { isBusy } from '../../db/busy';

/** Bound under a flood of distinct clients; past it new clients are not counted today. */
export const MAX_TRACKED_PER_DAY = 200_000;
/** 128 bits: collisions between two clients of one day are out of reach. */
const DIGEST_BYTES = 16;
/**
 * Digests known to be stored today, held in memory so that a client seen again (each read of a
 * post counts a view once a day) costs no write statement: at most this many (about 1 MB), then
 * forgotten all at once. The database stays the one record; this only skips asking it again.
 */
export const DIGESTS_HELD_IN_MEMORY = 10_000;

export type Clock = () => Date;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Sighting {
  day: string;
  /** True the first time this client is seen for this purpose on this day. */
  firstToday: boolean;
}

export class DailyDigests {
  private day = '';
  /** When `day` began and ends (ms since the epoch): a sighting within it needs no date text made. */
  private dayStartMs = 0;
  private dayEndMs = 0;
  /** The day's salt as a key object: made once, an HMAC costs 3 instead of 14 microseconds. */
  private salt: KeyObject = createSecretKey(Buffer.alloc(1));
  private tracked = 0;
  /** Today's digests already stored (as latin1 strings), a bounded part of them: see DIGESTS_HELD_IN_MEMORY. */
  private storedToday = new Set<string>();
  private storedDay = '';
  /** The start of a day under way, shared by the requests that arrive meanwhile. */
  private starting: { day: string; done: Promise<void> } | null = null;

  constructor(
    private readonly repository: DailyDigestsRepository,
    private readonly now: Clock = () => new Date(),
    private readonly maxTracked = MAX_TRACKED_PER_DAY,
    private readonly heldInMemory = DIGESTS_HELD_IN_MEMORY,
  ) {}

  /** Makes sure the current day is loaded: an earlier day's salt and digests are deleted first. */
  async rollOver(): Promise<string> {
    const today = utcDay(this.now());
    if (today === this.day) return today;
    if (this.starting?.day !== today) {
      const done = this.repository.startDay(today, randomBytes(32)).then(async ({ salt, tracked, deletedOtherDays }) => {
        this.day = today;
        this.dayStartMs = Date.parse(`${today}T00:00:00Z`);
        this.dayEndMs = this.dayStartMs + DAY_MS;
        this.salt = createSecretKey(salt);
        this.tracked = tracked;
        if (deletedOtherDays) await this.repository.forgetDeletedPages();
      }).finally(() => {
        if (this.starting?.day === today) this.starting = null;
      });
      this.starting = { day: today, done };
    }
    await this.starting.done;
    return today;
  }

  /**
   * Records that this client was seen for this purpose today. `parts` identify the client (and
   * what it did, e.g. which post); they only enter the HMAC, never storage.
   */
  async sight(purpose: string, ...parts: string[]): Promise<Sighting> {
    const now = this.now().getTime();
    const day = now >= this.dayStartMs && now < this.dayEndMs ? this.day : await this.rollOver();
    if (this.tracked >= this.maxTracked) return { day, firstToday: false };
    // Header values and ids cannot hold a newline, so the joined parts cannot run into each other.
    const digest = createHmac('sha256', this.salt).update([purpose, ...parts].join('\n')).digest().subarray(0, DIGEST_BYTES);
    if (this.storedDay !== day) {
      this.storedDay = day;
      this.storedToday = new Set();
    }
    const held = digest.toString('latin1');
    if (this.storedToday.has(held)) return { day, firstToday: false };
    let firstToday: boolean;
    try {
      firstToday = await this.repository.remember(day, digest);
    } catch (error) {
      // Not counted while a content import holds the database for writing (db/busy.ts), nor held as stored.
      if (isBusy(error)) return { day, firstToday: false };
      throw error;
    }
    if (firstToday) this.tracked += 1;
    // Stored now or before (or the day's salt already gone, when the next rollOver empties this).
    if (this.storedToday.size >= this.heldInMemory) this.storedToday.clear();
    this.storedToday.add(held);
    return { day, firstToday };
  }

  /** How many digests the current day holds (for tests and monitoring). */
  get trackedToday(): number {
    return this.tracked;
  }
}
