// The rendered public pages, kept in memory within a byte budget, the least recently used dropped
// first, until public content they read changes (the pages plugin drops them on the
// content-changes signal: no lifetime). Each page is kept in the encodings it has been sent in, each made once: browsers
// ask for brotli, so a post page costs about 3 kB here, and 2,000 posts in two languages fit in a
// fraction of the budget (docs/decisions.md, "A page cache that holds the whole site").
import type { PageDataRequest, PreparedAnswer } from '@shared/page-data';
import { encode, identityOf, type EncodedBodies, type Encoding } from './encodings';

/** What the pages of a site of a few thousand posts take in brotli, with room for their other encodings. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** A Map entry, its key and the page object, beside the bodies themselves (measured: about 300 bytes). */
const ENTRY_OVERHEAD_BYTES = 400;

export interface CachedPage {
  status: number;
  etag: string;
  bodies: EncodedBodies;
  /**
   * What the page read: a change drops the page when it touches one of them (routes.ts). Only what
   * that decision needs of each answer is kept (answerKeptForTouch), not the answer.
   */
  reads?: ReadonlyArray<{ request: PageDataRequest; answer?: PreparedAnswer }>;
}

const bytesOf = (key: string, page: CachedPage) =>
  ENTRY_OVERHEAD_BYTES + key.length * 2 + Object.values(page.bodies).reduce((sum, body) => sum + body.length, 0);

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private usedBytes = 0;
  /** Bumped by clear(): a page rendered from data read before a change must not be kept after it. */
  private currentGeneration = 0;

  constructor(private readonly budgetBytes = PAGE_CACHE_BYTES) {}

  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.pages.size;
  }

  get generation(): number {
    return this.currentGeneration;
  }

  /** The page, now the most recently used. */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // A Map keeps insertion order: moved to the end, the page is the last to be dropped.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps the page unless the cache was cleared since `generation` was read. */
  set(key: string, page: CachedPage, generation = this.currentGeneration): void {
    if (generation !== this.currentGeneration) return;
    this.remove(key);
    this.pages.set(key, page);
    this.usedBytes += bytesOf(key, page);
    this.evict();
  }

  /**
   * The page's body in `encoding`: made from a body it holds the first time it is asked for, and
   * kept with the page when the page is in the cache.
   */
  body(key: string, page: CachedPage, encoding: Encoding): Buffer {
    const known = page.bodies[encoding];
    if (known) return known;
    const made = encode(identityOf(page.bodies), encoding);
    const kept = this.pages.get(key) === page;
    if (kept) this.usedBytes -= bytesOf(key, page);
    page.bodies[encoding] = made;
    if (kept) {
      this.usedBytes += bytesOf(key, page);
      this.evict();
    }
    return made;
  }

  /** Drops the pages a change reached (`touched`); a page rendered from data read before it is not kept. */
  dropWhere(touched: (page: CachedPage) => boolean): void {
    this.currentGeneration += 1;
    for (const [key, page] of this.pages) if (touched(page)) this.remove(key);
  }

  clear(): void {
    this.currentGeneration += 1;
    this.pages.clear();
    this.usedBytes = 0;
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.usedBytes -= bytesOf(key, page);
  }

  private evict(): void {
    for (const key of this.pages.keys()) {
      if (this.usedBytes <= this.budgetBytes) return;
      this.remove(key);
    }
  }
}
