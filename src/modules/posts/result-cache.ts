// A small memory cache of public answers: the posts' list and search pages (public-posts.ts) and
// the rendered pages (pages/routes.ts). The public site reads far more than staff write. Its owner
// tells it what a change touched (the content-changes signal): those entries are dropped, or
// marked stale when telling exactly is not worth it (a search). A stale entry is recomputed by the
// next request, which waits for the fresh answer, while requests arriving meanwhile get the stale
// one; concurrent misses of the same key are computed once. A short lifetime keeps view counts
// near-current. See docs/decisions.md, "Caches that survive staff at work".
/** At most a few MB: a page of 9 long Arabic posts encodes to about 20 kB. */
const MAX_ENTRIES = 300;
const LIFETIME_MS = 5_000;

interface Entry<T> {
  at: number;
  value: T;
  stale: boolean;
}

interface Flight<T> {
  promise: Promise<T>;
  /** A change touched the key while it was computed: the value is not kept as fresh. */
  touched: 'drop' | 'stale' | null;
}

/** What a change does to an entry: nothing, drop it, or keep it as stale until recomputed. */
export type Touch = 'drop' | 'stale' | null;

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly flights = new Map<string, Flight<T>>();

  constructor(private readonly maxEntries = MAX_ENTRIES, private readonly lifetimeMs = LIFETIME_MS, private readonly now: () => number = Date.now) {}

  /**
   * The value for `key`: kept and fresh, else computed (once for concurrent callers) and kept when
   * `keep` says so (a page that answered an error is not).
   */
  async get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const entry = this.entryOf(key);
    if (entry && !entry.stale) return entry.value;
    const flight = this.flights.get(key);
    // Someone is recomputing: the stale answer now, or the same computation when there is none.
    if (flight) return entry ? entry.value : flight.promise;
    return this.start(key, compute, keep);
  }

  /** The kept value, fresh or stale (no computation). */
  peek(key: string): T | undefined {
    return this.entryOf(key)?.value;
  }

  /** Applies a change: `touch` says, per key (and value when kept), whether to drop it or mark it stale. */
  apply(touch: (key: string, value: T | undefined) => Touch): void {
    for (const [key, entry] of this.entries) {
      const what = touch(key, entry.value);
      if (what === 'drop') this.entries.delete(key);
      else if (what === 'stale') entry.stale = true;
    }
    for (const [key, flight] of this.flights) {
      const what = touch(key, undefined);
      if (what === null) continue;
      // Started before the change: it finishes for its callers, later ones start afresh.
      flight.touched = flight.touched === 'drop' || what === 'drop' ? 'drop' : 'stale';
      this.flights.delete(key);
    }
  }

  clear(): void {
    this.apply(() => 'drop');
  }

  get size(): number {
    return this.entries.size;
  }

  private entryOf(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at > this.lifetimeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private start(key: string, compute: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const flight: Flight<T> = { promise: Promise.resolve(undefined as T), touched: null };
    flight.promise = (async () => {
      try {
        const value = await compute();
        // A value read before a change is kept only as stale (or not at all when it was dropped).
        if (flight.touched !== 'drop' && keep(value)) this.set(key, value, flight.touched === 'stale');
        else if (flight.touched === null) this.entries.delete(key);
        return value;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight.promise;
  }

  private set(key: string, value: T, stale: boolean): void {
    this.entries.delete(key);
    // Maps keep insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: this.now(), value, stale });
  }
}
