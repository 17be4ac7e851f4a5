// The only file with SQL for posts. Writes go through Kysely in one transaction with their
// search row; the hot public reads (list, search, their counts) run as better-sqlite3
// statements prepared once, with a small result cache in front.
import type SQLite from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../../plugins/auth';
import { newId, nowIso } from '../../shared/ids';
import { normalizeForSearch } from './normalize';
import { ResultCache } from './result-cache';
import { PAGE_SIZE, type NewPost, type Post, type PostLanguage, type PostPage, type PostState, type PostType } from './schema';
import { toMatchExpression } from './search-query';

/** A posts row as the read statements return it: the table's columns plus the author's name. */
type PostRow = Selectable<Database['posts']> & { author_name: string | null };

const COLUMNS = `p.id, p.title, p.description, p.image, p.pictures, p.video, p.language, p.type, p.pdf,
  p.state, p.views, p.author_id, u.name AS author_name, p.created_at, p.updated_at`;
const FROM_POSTS = 'FROM posts p LEFT JOIN users u ON u.id = p.author_id';

const SQL = {
  // posts_list (type, language, state, created_at) serves both, newest first, without a sort.
  listPage: `SELECT ${COLUMNS} ${FROM_POSTS} WHERE p.type = ? AND p.language = ? AND p.state = 'published' ORDER BY p.created_at DESC LIMIT ${PAGE_SIZE} OFFSET ?`,
  listCount: `SELECT count(*) AS n FROM posts WHERE type = ? AND language = ? AND state = 'published'`,
  searchPage: `SELECT ${COLUMNS} FROM posts_search JOIN posts p ON p.id = posts_search.post_id LEFT JOIN users u ON u.id = p.author_id
    WHERE posts_search MATCH ? AND p.state = 'published' ORDER BY p.created_at DESC, p.rowid DESC LIMIT ${PAGE_SIZE} OFFSET ?`,
  searchCount: `SELECT count(*) AS n FROM posts_search JOIN posts p ON p.id = posts_search.post_id WHERE posts_search MATCH ? AND p.state = 'published'`,
  byId: `SELECT ${COLUMNS} ${FROM_POSTS} WHERE p.id = ?`,
  byAuthor: `SELECT ${COLUMNS} ${FROM_POSTS} WHERE p.author_id = ? ORDER BY p.created_at DESC`,
  all: `SELECT ${COLUMNS} ${FROM_POSTS} ORDER BY p.created_at DESC`,
  // The sitemap and the feeds: published posts only, the newest first.
  publishedIndex: `SELECT id, updated_at FROM posts WHERE state = 'published' ORDER BY created_at DESC LIMIT ?`,
  latestPublished: `SELECT ${COLUMNS} ${FROM_POSTS} WHERE p.language = ? AND p.state = 'published' ORDER BY p.created_at DESC LIMIT ?`,
  countPublishedView: `UPDATE posts SET views = views + 1 WHERE id = ? AND state = 'published'`,
} as const;

/** A sitemap holds at most 50,000 addresses. */
export const SITEMAP_MAX_POSTS = 49_000;

type Params = ReadonlyArray<string | number | null>;

function toPost(row: PostRow): Post {
  return {
    _id: row.id,
    title: row.title,
    describtion: row.description,
    image: row.image,
    pictures: JSON.parse(row.pictures) as string[],
    video: row.video,
    language: row.language,
    type: row.type,
    pdf: row.pdf,
    state: row.state,
    views: row.views,
    author: row.author_id,
    authorName: row.author_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function pagesFor(total: number): number {
  return Math.ceil(total / PAGE_SIZE);
}

interface PostColumns {
  title: string; description: string; image: string; pictures: string; video: string;
  language: PostLanguage; type: PostType; pdf: string; state: PostState;
}

/** The stored columns of a post body: trimmed title, empty strings for missing files. */
function columnsOf(input: NewPost): PostColumns {
  return {
    title: input.title.trim(),
    description: input.describtion,
    image: input.image ?? '',
    pictures: JSON.stringify((input.pictures ?? []).filter((path) => path !== '')),
    video: (input.video ?? '').trim(),
    language: input.language,
    type: input.type,
    pdf: input.pdf ?? '',
    state: input.state ?? 'published',
  };
}

/** The FTS row holds the texts already normalised, as queries are (see normalize.ts). */
async function insertSearchRow(trx: Transaction<Database>, id: string, columns: Pick<PostColumns, 'title' | 'description'>): Promise<void> {
  await sql`INSERT INTO posts_search (post_id, title, description)
    VALUES (${id}, ${normalizeForSearch(columns.title)}, ${normalizeForSearch(columns.description)})`.execute(trx);
}

/**
 * A public page kept as its UTF-8 JSON only: sending it costs nothing (encoding long Arabic
 * texts on every request is not free) and it takes half the memory of the objects.
 */
export type EncodedPage = Buffer;

const EMPTY_PAGE: EncodedPage = Buffer.from('{"posts":[],"pages":0}');

// One cache per database, shared by every repository over it, so any write clears it.
const caches = new WeakMap<object, ResultCache<EncodedPage>>();

export class PostsRepository {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly cache: ResultCache<EncodedPage>;

  /** Without the raw connection the same SQL runs through Kysely (slower, same answers). */
  constructor(private readonly db: Kysely<Database>, private readonly sqlite?: SQLite.Database) {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new ResultCache<EncodedPage>()));
    this.cache = cache;
  }

  private statement(text: string): SQLite.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.sqlite!.prepare(text)));
    return statement;
  }

  private async all<T>(text: string, params: Params): Promise<T[]> {
    if (this.sqlite) return this.statement(text).all(...params) as T[];
    return (await this.db.executeQuery<T>(CompiledQuery.raw(text, [...params]))).rows as T[];
  }

  private async count(text: string, params: Params): Promise<number> {
    const [row] = await this.all<{ n: number }>(text, params);
    return Number(row?.n ?? 0);
  }

  /** A public list page, encoded; cached until a post changes. */
  async listPublishedPage(type: string, language: string, page: number): Promise<EncodedPage> {
    const key = `l\u0000${type}\u0000${language}\u0000${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation;
    const rows = await this.all<PostRow>(SQL.listPage, [type, language, (page - 1) * PAGE_SIZE]);
    return this.remember(key, generation, { posts: rows.map(toPost), pages: pagesFor(await this.count(SQL.listCount, [type, language])) });
  }

  async searchPage(keyword: string, page: number): Promise<EncodedPage> {
    const match = toMatchExpression(keyword);
    if (!match) return EMPTY_PAGE;
    const key = `s\u0000${match}\u0000${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation;
    const rows = await this.all<PostRow>(SQL.searchPage, [match, (page - 1) * PAGE_SIZE]);
    return this.remember(key, generation, { posts: rows.map(toPost), pages: pagesFor(await this.count(SQL.searchCount, [match])) });
  }

  async listPublished(type: string, language: string, page: number): Promise<PostPage> {
    return JSON.parse((await this.listPublishedPage(type, language, page)).toString('utf8')) as PostPage;
  }

  async search(keyword: string, page: number): Promise<PostPage> {
    return JSON.parse((await this.searchPage(keyword, page)).toString('utf8')) as PostPage;
  }

  private remember(key: string, generation: number, page: PostPage): EncodedPage {
    const encoded = Buffer.from(JSON.stringify(page));
    this.cache.set(key, encoded, generation);
    return encoded;
  }

  async findById(id: string): Promise<Post | undefined> {
    const [row] = await this.all<PostRow>(SQL.byId, [id]);
    return row ? toPost(row) : undefined;
  }

  /** An admin sees every post, an author their own; drafts included. */
  async listForAuthor(user: Pick<CurrentUser, 'id' | 'isAdmin'>): Promise<Post[]> {
    const rows = user.isAdmin ? await this.all<PostRow>(SQL.all, []) : await this.all<PostRow>(SQL.byAuthor, [user.id]);
    return rows.map(toPost);
  }

  async create(input: NewPost, authorId: string | null, createdAt: string = nowIso()): Promise<Post> {
    const id = newId();
    const columns = columnsOf(input);
    await this.writing(() => this.db.transaction().execute(async (trx) => {
      await trx.insertInto('posts').values({ id, ...columns, views: 0, author_id: authorId, created_at: createdAt, updated_at: createdAt }).execute();
      await insertSearchRow(trx, id, columns);
    }));
    return (await this.findById(id))!;
  }

  /**
   * Replaces the editable fields; answers undefined for an unknown id. A body without state
   * keeps the post's state: the post form has no state field, and saving must not publish a draft.
   */
  async update(id: string, input: NewPost): Promise<Post | undefined> {
    const { state, ...columns } = columnsOf(input);
    const changed = await this.writing(() => this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('posts').set({ ...columns, ...(input.state ? { state } : {}), updated_at: nowIso() }).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('posts_search').where('post_id', '=', id).execute();
      await insertSearchRow(trx, id, columns);
      return true;
    }));
    return changed ? this.findById(id) : undefined;
  }

  async delete(id: string): Promise<boolean> {
    return this.writing(() => this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('posts_search').where('post_id', '=', id).execute();
      const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    }));
  }

  /** Runs a write; cached pages are dropped whatever its outcome, and pages read meanwhile are not kept. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.cache.clear();
    try {
      return await write();
    } finally {
      this.cache.clear();
    }
  }

  /** Every published post's id and last change, for the sitemap. */
  async publishedIndex(limit = SITEMAP_MAX_POSTS): Promise<Array<{ id: string; updatedAt: string }>> {
    const rows = await this.all<{ id: string; updated_at: string }>(SQL.publishedIndex, [limit]);
    return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
  }

  /** The newest published posts in one language, for its feed. */
  async latestPublished(language: PostLanguage, limit: number): Promise<Post[]> {
    return (await this.all<PostRow>(SQL.latestPublished, [language, limit])).map(toPost);
  }

  /** Counts a view of a published post; false when there is none with this id. */
  async countPublishedView(id: string): Promise<boolean> {
    if (this.sqlite) return this.statement(SQL.countPublishedView).run(id).changes > 0;
    const result = await this.db.executeQuery(CompiledQuery.raw(SQL.countPublishedView, [id]));
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  async countView(id: string): Promise<void> {
    await this.db.updateTable('posts').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', id).execute();
  }
}
