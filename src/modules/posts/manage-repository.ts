// The dashboard's post list at 100,000 posts (docs/decisions.md): every filter combination, with or
// without a search, pages in a few milliseconds. Two structures from migration 006 carry it:
// - posts_manage, an index of (sort_key, type, language, state, author_id): any filters page and
//   count by walking it backwards, never reading the table until the 25 rows of the page;
// - posts_manage_search, an FTS5 index whose rowid is the post's sort_key and whose `facets` column
//   holds the filters as tokens: a search with filters is one FTS5 query, read newest first, that
//   stops after the page; its count never touches the posts table.
// Triggers queue every post whose indexed columns change; syncIndex() writes the queue into the
// search index before each read, so no writer (nor a deleted author) can leave it stale.
import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedOnce } from '../../db/statements';
import { normalizeForSearch } from './normalize';
import { albumOf } from './pictures';
import { MANAGE_PAGE_SIZE, type ManagePage, type Language, type PostState, type PostSummary, type PostType } from './schema';
import { toMatchExpression } from './search-query';

export interface ManageFilters {
  q?: string;
  type?: PostType;
  language?: Language;
  state?: PostState;
  /** An author's id; authors are always limited to their own by the route. */
  author?: string;
}

/** sort_key = creation time in ms * SEQUENCE + n: unique, in creation order, and exact as a JS number until the year 2248. */
const SEQUENCE = 1024;

/** The filters as index tokens: letters and digits only, so the tokenizer keeps each one whole. */
export const facetToken = {
  type: (type: string) => `ztype${type.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
  language: (language: string) => `zlang${language}`,
  state: (state: string) => `zstate${state}`,
  author: (id: string | null) => (id === null ? 'zauthornone' : `zauthor${Buffer.from(id, 'utf8').toString('hex')}`),
};

type SummaryRow = Pick<Selectable<Database['posts']>, 'id' | 'title' | 'language' | 'type' | 'state' | 'publish_at' | 'translation_of' | 'views' | 'author_id' | 'created_at' | 'updated_at'
  | 'image' | 'image_alt' | 'pictures' | 'pictures_alt'>
  & { author_name: string | null };

interface QueuedRow {
  post_id: string;
  indexed_key: number | null;
  live: string | null;
  title: string; description: string; language: string; type: string; state: string;
  author_id: string | null; created_at: string; sort_key: number | null;
}

const SUMMARY = `p.id, p.title, p.language, p.type, p.state, p.publish_at, p.translation_of, p.views, p.author_id,
  u.name AS author_name, p.created_at, p.updated_at, p.image, p.image_alt, p.pictures, p.pictures_alt`;

const SQL = {
  queued: `SELECT q.post_id, q.indexed_key, p.id AS live, p.title, p.description, p.language, p.type, p.state, p.author_id, p.created_at, p.sort_key
    FROM posts_manage_queue q LEFT JOIN posts p ON p.id = q.post_id LIMIT 500`,
  anyQueued: 'SELECT 1 FROM posts_manage_queue LIMIT 1',
  unqueue: 'DELETE FROM posts_manage_queue WHERE post_id = ?',
  unindex: 'DELETE FROM posts_manage_search WHERE rowid = ?',
  index: 'INSERT INTO posts_manage_search (rowid, title, description, facets) VALUES (?, ?, ?, ?)',
  topKeyIn: 'SELECT max(sort_key) AS top FROM posts WHERE sort_key >= ? AND sort_key < ?',
  setKey: 'UPDATE posts SET sort_key = ? WHERE id = ?',
  searchCount: 'SELECT count(*) AS n FROM posts_manage_search WHERE posts_manage_search MATCH ?',
  searchPage: (order: Order) => `SELECT ${SUMMARY} FROM (SELECT rowid AS k FROM posts_manage_search WHERE posts_manage_search MATCH ? ORDER BY rowid ${order} LIMIT ? OFFSET ?) AS hit
    JOIN posts p ON p.sort_key = hit.k LEFT JOIN users u ON u.id = p.author_id ORDER BY p.sort_key DESC`,
  filterCount: (index: string, where: string) => `SELECT count(*) AS n FROM posts INDEXED BY ${index} WHERE ${where}`,
  filterPage: (index: string, where: string, order: Order) => `SELECT ${SUMMARY} FROM (SELECT rowid AS r FROM posts INDEXED BY ${index} WHERE ${where} ORDER BY sort_key ${order} LIMIT ? OFFSET ?) AS hit
    JOIN posts p ON p.rowid = hit.r LEFT JOIN users u ON u.id = p.author_id ORDER BY p.sort_key DESC`,
} as const;

type Order = 'ASC' | 'DESC';

/**
 * Where a page lies, read from the nearer end: OFFSET walks every row it skips, so the last pages
 * are read oldest first and the slowest page is the middle one, at half the walk.
 */
export function pageWindow(total: number, offset: number, size: number): { order: Order; limit: number; skip: number } | null {
  if (offset >= total) return null;
  const limit = Math.min(size, total - offset);
  const fromOldest = total - offset - limit;
  return fromOldest < offset ? { order: 'ASC', limit, skip: fromOldest } : { order: 'DESC', limit, skip: offset };
}

/** The index that narrows most for these filters (see migration 006). */
function indexFor(filters: ManageFilters): string {
  if (filters.author !== undefined) return 'posts_manage_author';
  if (filters.state !== undefined && filters.state !== 'published') return 'posts_manage_state';
  return 'posts_manage';
}

/** An image or picture set without its text alternative (null; '' is decorative on purpose). */
function lacksAltText(row: SummaryRow): boolean {
  if (row.image !== '' && row.image_alt === null) return true;
  return albumOf(row).picturesAlt.some((alt) => alt === null);
}

function toSummary(row: SummaryRow): PostSummary {
  return {
    _id: row.id,
    title: row.title,
    language: row.language,
    type: row.type,
    state: row.state,
    publishAt: row.publish_at,
    translationOf: row.translation_of,
    views: row.views,
    author: row.author_id,
    authorName: row.author_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    altMissing: lacksAltText(row),
  };
}

function millisecondsOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

export class PostsManageRepository {
  private readonly statement;

  constructor(private readonly sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
  }

  /** Writes every queued post into the search index (a no-op read when nothing is queued). Answers how many. */
  syncIndex(): number {
    let done = 0;
    // A transaction per batch: the queue and the index change together, and indexing 100,000
    // posts after the migration never grows the write-ahead log to the size of the database.
    const indexBatch = this.sqlite.transaction(() => {
      const batch = this.statement(SQL.queued).all() as QueuedRow[];
      for (const row of batch) this.reindex(row);
      return batch.length;
    });
    while (this.statement(SQL.anyQueued).get()) done += indexBatch();
    return done;
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
      this.statement(SQL.index).run(key, normalizeForSearch(row.title), normalizeForSearch(row.description), facets);
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

  /** One page (25 posts) of the dashboard list, newest first, with the total under these filters. */
  page(filters: ManageFilters, page: number): ManagePage {
    this.syncIndex();
    const offset = (page - 1) * MANAGE_PAGE_SIZE;
    const match = filters.q === undefined ? null : toMatchExpression(filters.q);
    let total: number;
    let rows: SummaryRow[];
    if (match !== null) {
      const expression = [`{title description} : (${match})`, ...this.facetsOf(filters).map((token) => `facets : "${token}"`)].join(' AND ');
      total = (this.statement(SQL.searchCount).get(expression) as { n: number }).n;
      const window = pageWindow(total, offset, MANAGE_PAGE_SIZE);
      rows = window ? this.statement(SQL.searchPage(window.order)).all(expression, window.limit, window.skip) as SummaryRow[] : [];
    } else {
      const conditions: string[] = [];
      const params: string[] = [];
      for (const column of ['type', 'language', 'state'] as const) {
        if (filters[column] !== undefined) { conditions.push(`${column} = ?`); params.push(filters[column]); }
      }
      if (filters.author !== undefined) { conditions.push('author_id = ?'); params.push(filters.author); }
      const where = conditions.length > 0 ? conditions.join(' AND ') : '1';
      const index = indexFor(filters);
      total = (this.statement(SQL.filterCount(index, where)).get(...params) as { n: number }).n;
      const window = pageWindow(total, offset, MANAGE_PAGE_SIZE);
      rows = window ? this.statement(SQL.filterPage(index, where, window.order)).all(...params, window.limit, window.skip) as SummaryRow[] : [];
    }
    return { posts: rows.map(toSummary), total, pages: Math.ceil(total / MANAGE_PAGE_SIZE) };
  }

  private facetsOf(filters: ManageFilters): string[] {
    const tokens: string[] = [];
    if (filters.type !== undefined) tokens.push(facetToken.type(filters.type));
    if (filters.language !== undefined) tokens.push(facetToken.language(filters.language));
    if (filters.state !== undefined) tokens.push(facetToken.state(filters.state));
    if (filters.author !== undefined) tokens.push(facetToken.author(filters.author));
    return tokens;
  }
}
