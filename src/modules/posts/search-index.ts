// The posts' search index (migration 006's posts_manage_search): the normalised title and text of
// every post, its filters as tokens of a `facets` column, and as rowid the post's sort_key (its
// creation time in ms * 1024 + a sequence). Read newest first by rowid, a search stops after the
// page it was asked for, at 1,000 posts as at 100,000: the dashboard's list and the public search
// both read it (docs/decisions.md, "Search bounded by the page asked for").
// Triggers queue every post whose indexed columns change, from any writer; the queue is written
// into the index before each read (catchUp), or, when it is long (after a migration), by a build
// in the background, slice by slice, while the server answers (start, build): reads then say the
// index is still being built (isBuilding).
import type SQLite from 'better-sqlite3';
import { preparedOnce } from '../../db/statements';
import { normalizeForSearch } from './normalize';
import { isBusy } from '../../db/busy';
import { SearchTerms } from './search-terms';

/** sort_key = creation time in ms * SEQUENCE + n: unique, in creation order, and exact as a JS number until the year 2248. */
const SEQUENCE = 1024;

/** Posts indexed per transaction when a read catches up. */
export const INDEX_BATCH = 200;
/**
 * Queued posts past which the start indexes in the background instead of before answering (a
 * save queues one post; a migration or a restored database may queue every post).
 */
export const BACKGROUND_BUILD_AFTER = 500;
/** A background slice holds the server at most this long (one transaction), then lets requests in. */
const SLICE_MS = 50;

/** The filters as index tokens: letters and digits only, so the tokenizer keeps each one whole. */
export const facetToken = {
  type: (type: string) => `ztype${type.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
  language: (language: string) => `zlang${language}`,
  state: (state: string) => `zstate${state}`,
  author: (id: string | null) => (id === null ? 'zauthornone' : `zauthor${Buffer.from(id, 'utf8').toString('hex')}`),
};

/** The FTS5 expression of a search (search-query.ts's words) over titles and texts, with filter tokens. */
export function indexExpression(match: string, facets: string[] = []): string {
  return [`{title description} : (${match})`, ...facets.map((token) => `facets : "${token}"`)].join(' AND ');
}

interface QueuedRow {
  post_id: string;
  indexed_key: number | null;
  live: string | null;
  title: string; description: string; language: string; type: string; state: string;
  author_id: string | null; created_at: string; sort_key: number | null;
}

const SQL = {
  queued: `SELECT q.post_id, q.indexed_key, p.id AS live, p.title, p.description, p.language, p.type, p.state, p.author_id, p.created_at, p.sort_key
    FROM posts_manage_queue q LEFT JOIN posts p ON p.id = q.post_id LIMIT ?`,
  // A build after an upgrade indexes the published posts newest first (what searches show first),
  // from where the last slice stopped: a walk of posts_published, no sort.
  queuedNewest: `SELECT q.post_id, q.indexed_key, p.id AS live, p.title, p.description, p.language, p.type, p.state, p.author_id, p.created_at, p.sort_key
    FROM posts AS p INDEXED BY posts_published JOIN posts_manage_queue q ON q.post_id = p.id
    WHERE p.state = 'published' AND (p.created_at, p.id) < (?, ?) ORDER BY p.created_at DESC, p.id DESC LIMIT ?`,
  anyQueued: 'SELECT 1 FROM posts_manage_queue LIMIT 1',
  queuedAtLeast: 'SELECT count(*) AS n FROM (SELECT 1 FROM posts_manage_queue LIMIT ?)',
  unqueue: 'DELETE FROM posts_manage_queue WHERE post_id = ?',
  unindex: 'DELETE FROM posts_manage_search WHERE rowid = ?',
  index: 'INSERT INTO posts_manage_search (rowid, title, description, facets) VALUES (?, ?, ?, ?)',
  topKeyIn: 'SELECT max(sort_key) AS top FROM posts WHERE sort_key >= ? AND sort_key < ?',
  setKey: 'UPDATE posts SET sort_key = ? WHERE id = ?',
} as const;

function millisecondsOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

export class PostSearchIndex {
  private readonly statement;
  private readonly indexBatchNow;
  /** The index's words, for searches that ask a prefix (search-terms.ts). */
  private readonly terms: SearchTerms;
  private building: Promise<void> | null = null;
  /** Where a build's walk of the published posts, newest first, has reached (created_at, id). */
  private newestCursor: [string, string] | null = null;
  /** Hears a background build that failed (the server logs it); the next read starts another. */
  private onBuildError: (error: unknown) => void = () => undefined;

  constructor(private readonly sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
    this.terms = new SearchTerms(sqlite);
    // One transaction per batch or slice: the queue and the index change together, and indexing
    // 100,000 posts after a migration never grows the write-ahead log to the size of the database.
    this.indexBatchNow = sqlite.transaction((limit: number, budgetMs: number) => {
      const started = performance.now();
      let batch: QueuedRow[] = [];
      if (this.newestCursor) {
        batch = this.statement(SQL.queuedNewest).all(...this.newestCursor, limit) as QueuedRow[];
        // Every published post queued before the build is done: the rest (drafts, deleted posts,
        // posts saved meanwhile) in the queue's order.
        if (batch.length === 0) this.newestCursor = null;
      }
      if (!this.newestCursor) batch = this.statement(SQL.queued).all(limit) as QueuedRow[];
      let done = 0;
      for (const row of batch) {
        this.reindex(row);
        done += 1;
        if (this.newestCursor) this.newestCursor = [row.created_at, row.post_id];
        if (performance.now() - started >= budgetMs) break;
      }
      this.terms.keepNoted();
      return done;
    });
  }

  /** True while a background build is filling the index: searches may then miss posts not indexed yet. */
  get isBuilding(): boolean {
    return this.building !== null;
  }

  /**
   * Writes what is queued into the index before a read: after a save that is one post. When much
   * is queued (a bundle imported, a migration) it starts a build in the background instead, and
   * while a build runs it does nothing (the build gets there): no read waits for a whole site.
   */
  catchUp(): void {
    if (this.building) return;
    // A whole bundle imported queues every post it brought: that is a build, not a catch-up.
    if (this.queuedMoreThan(BACKGROUND_BUILD_AFTER)) {
      void this.build(this.onBuildError);
      return;
    }
    try {
      while (this.statement(SQL.anyQueued).get()) this.indexBatchNow(INDEX_BATCH, Infinity);
    } catch (error) {
      // A content import holds the database for writing (db/busy.ts): the next read catches up.
      if (!isBusy(error)) throw error;
    }
  }

  /** A whole bundle just imported: builds in the background when many posts wait (a few wait for the next read). */
  afterBulkChange(): void {
    if (!this.building && this.queuedMoreThan(BACKGROUND_BUILD_AFTER)) void this.build(this.onBuildError);
  }

  /** Whether more than `count` posts wait to be indexed. */
  queuedMoreThan(count: number): boolean {
    return (this.statement(SQL.queuedAtLeast).get(count + 1) as { n: number }).n > count;
  }

  /**
   * Brings the index up to date at start: at once when little is queued, else in the background
   * (build), so that the server answers from its first second.
   */
  start(onError: (error: unknown) => void): void {
    this.onBuildError = onError;
    this.catchUp();
    void this.readWords(onError);
  }

  /**
   * Reads the index's words in the background (search-terms.ts); until then searches ask prefixes.
   * Answers when done.
   */
  readWords(onError: (error: unknown) => void = () => undefined): Promise<void> {
    return this.terms.read(onError);
  }

  /** The index's words a search word stands for as a prefix, or null to ask the prefix (search-terms.ts). */
  expansionsOf(word: string): string[] | null {
    return this.terms.expansionsOf(word);
  }

  /**
   * Empties the queue in the background, published posts newest first, in slices of at most
   * SLICE_MS, each followed by a turn of the event loop that lets requests in. Answers when done
   * (or when the database closes under it).
   */
  build(onError: (error: unknown) => void = () => undefined): Promise<void> {
    if (!this.building) this.newestCursor = ['\uffff', ''];
    this.building ??= (async () => {
      try {
        do {
          await new Promise((resolve) => setImmediate(resolve));
        } while (this.sqlite.open && this.indexBatchNow(INDEX_BATCH, SLICE_MS) > 0);
      } catch (error) {
        if (this.sqlite.open) onError(error);
      } finally {
        this.building = null;
        this.newestCursor = null;
      }
    })();
    return this.building;
  }

  private reindex(row: QueuedRow): void {
    if (row.indexed_key !== null) this.statement(SQL.unindex).run(row.indexed_key);
    if (row.live !== null) {
      let key = row.sort_key;
      if (key === null || Math.floor(key / SEQUENCE) !== millisecondsOf(row.created_at)) {
        key = this.freeKey(row.created_at);
        this.statement(SQL.setKey).run(key, row.post_id);
      }
      this.statement(SQL.unindex).run(key);
      const facets = [facetToken.type(row.type), facetToken.language(row.language), facetToken.state(row.state), facetToken.author(row.author_id)].join(' ');
      const title = normalizeForSearch(row.title);
      const description = normalizeForSearch(row.description);
      this.statement(SQL.index).run(key, title, description, facets);
      this.terms.note(title, description);
    }
    this.statement(SQL.unqueue).run(row.post_id);
  }

  /** The first unused key of the post's millisecond. */
  private freeKey(createdAt: string): number {
    const base = millisecondsOf(createdAt) * SEQUENCE;
    const { top } = this.statement(SQL.topKeyIn).get(base, base + SEQUENCE) as { top: number | null };
    const key = top === null ? base : top + 1;
    if (key >= base + SEQUENCE) throw new Error(`more than ${SEQUENCE} posts created in the millisecond of ${createdAt}`);
    return key;
  }
}
