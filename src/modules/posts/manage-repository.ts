// The dashboard's post list at 100,000 posts (docs/decisions.md): every filter combination, with or
// without a search, pages in a few milliseconds. Two structures from migration 006 carry it:
// - posts_manage, an index of (sort_key, type, language, state, author_id): any filters page and
//   count by walking it backwards, never reading the table until the 25 rows of the page;
// - the posts' search index (search-index.ts), whose rowid is the post's sort_key and whose
//   `facets` column holds the filters as tokens: a search with filters is one FTS5 query, read
//   newest first, that stops after the page; its count never touches the posts table.
import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedOnce } from '../../db/statements';
import { albumOf } from './pictures';
import { MANAGE_PAGE_SIZE, type ManagePage, type Language, type PostState, type PostSummary, type PostType } from './schema';
import { facetToken, indexExpression, type PostSearchIndex } from './search-index';
import { matchExpressionOf, searchWordsOf } from './search-query';

export interface ManageFilters {
  q?: string;
  type?: PostType;
  language?: Language;
  state?: PostState;
  /** An author's id; authors are always limited to their own by the route. */
  author?: string;
}

type SummaryRow = Pick<Selectable<Database['posts']>, 'id' | 'title' | 'language' | 'type' | 'state' | 'publish_at' | 'translation_of' | 'views' | 'author_id' | 'created_at' | 'updated_at'
  | 'image' | 'image_alt' | 'pictures' | 'pictures_alt'>
  & { author_name: string | null };

const SUMMARY = `p.id, p.title, p.language, p.type, p.state, p.publish_at, p.translation_of, p.views, p.author_id,
  u.name AS author_name, p.created_at, p.updated_at, p.image, p.image_alt, p.pictures, p.pictures_alt`;

const SQL = {
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

export class PostsManageRepository {
  private readonly statement;

  constructor(sqlite: SQLite.Database, private readonly index: PostSearchIndex) {
    this.statement = preparedOnce(sqlite);
  }

  /** One page (25 posts) of the dashboard list, newest first, with the total under these filters. */
  page(filters: ManageFilters, page: number): ManagePage {
    this.index.catchUp();
    const offset = (page - 1) * MANAGE_PAGE_SIZE;
    const words = filters.q === undefined ? null : searchWordsOf(filters.q);
    let total: number;
    let rows: SummaryRow[];
    if (words !== null) {
      const match = matchExpressionOf(words, (word) => this.index.expansionsOf(word));
      const expression = indexExpression(match, this.facetsOf(filters));
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
    // While the search index is being built (after a migration) a search may miss posts, and the
    // order is not final: say so.
    const indexing = this.index.isBuilding ? { indexing: true } : {};
    return { posts: rows.map(toSummary), total, pages: Math.ceil(total / MANAGE_PAGE_SIZE), ...indexing };
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
