// A small memory cache of public answers: the posts' list and search pages (public-posts.ts) and
// the rendered pages (pages/routes.ts). The public site reads far more than staff write, and a
// search for a common word matches hundreds of posts that FTS5 must join and sort. Its owner
// clears it on every change of what it holds (the content-changes signal); a short lifetime keeps
// view counts near-current.
/** At most a few MB: a page of 9 long Arabic posts encodes to about 20 kB. */
const MAX_ENTRIES = 300;
const LIFETIME_MS = 5_000;

export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  /** Bumped by clear(): a value computed before a write must not be stored after it. */
  private currentGeneration = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES, private readonly lifetimeMs = LIFETIME_MS, private readonly now: () => number = Date.now) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.lifetimeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  get generation(): number {
    return this.currentGeneration;
  }

  /** Stores the value unless the cache was cleared since `generation` was read. */
  set(key: string, value: T, generation = this.currentGeneration): void {
    if (generation !== this.currentGeneration) return;
    // Maps keep insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: this.now(), value });
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
