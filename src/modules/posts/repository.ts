// The only file with SQL for posts, all of it through Kysely's typed query builder: reads and
// writes alike, in production and in tests. Public list and search pages have a small result
// cache in front (result-cache.ts); a write clears it. See docs/decisions.md, "Posts: one query path".
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../../plugins/auth';
import { newId, nowIso } from '@shared/ids';
import { storedAlt } from '@shared/schemas';
import { normalizeForSearch } from './normalize';
import { ResultCache } from './result-cache';
import { PAGE_SIZE, publicPost, type NewPost, type Post, type PostLanguage, type PostPage, type PostState, type PostType } from './schema';
import { toMatchExpression } from './search-query';

/** A posts row as the reads return it: the table's columns plus the author's name. */
type PostRow = Selectable<Database['posts']> & { author_name: string | null };

/** Every read of whole posts: the post and its author's name (null once the author is deleted). */
function selectPosts(db: Kysely<Database>) {
  return db.selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select('u.name as author_name');
}

function toPost(row: PostRow): Post {
  const pictures = JSON.parse(row.pictures) as string[];
  const picturesAlt = JSON.parse(row.pictures_alt) as Array<string | null>;
  return {
    _id: row.id,
    title: row.title,
    describtion: row.description,
    image: row.image,
    imageAlt: row.image_alt,
    pictures,
    picturesAlt: pictures.map((_, index) => picturesAlt[index] ?? null),
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
  title: string; description: string; image: string; image_alt: string | null; pictures: string; pictures_alt: string; video: string;
  language: PostLanguage; type: PostType; pdf: string; state: PostState;
}

/** The stored columns of a post body: trimmed title, empty strings for missing files. */
function columnsOf(input: NewPost): PostColumns {
  // Each picture keeps its own alt text; empty picture slots are dropped with theirs.
  const pictures = (input.pictures ?? []).map((path, index) => ({ path, alt: storedAlt(input.picturesAlt?.[index]) })).filter(({ path }) => path !== '');
  return {
    title: input.title.trim(),
    description: input.describtion,
    image: input.image ?? '',
    image_alt: storedAlt(input.imageAlt),
    pictures: JSON.stringify(pictures.map(({ path }) => path)),
    pictures_alt: JSON.stringify(pictures.map(({ alt }) => alt)),
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

const caches = new WeakMap<Kysely<Database>, ResultCache<EncodedPage>>();

function sharedCache(db: Kysely<Database>): ResultCache<EncodedPage> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ResultCache<EncodedPage>()));
  return cache;
}

export class PostsRepository {
  /** The page cache is shared by every repository over the same database, so any write clears it. */
  constructor(private readonly db: Kysely<Database>, private readonly cache: ResultCache<EncodedPage> = sharedCache(db)) {}

  /** A public list page, encoded; cached until a post changes. */
  async listPublishedPage(type: PostType, language: PostLanguage, page: number): Promise<EncodedPage> {
    const key = `l\u0000${type}\u0000${language}\u0000${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation;
    // posts_list (type, language, state, created_at) serves both, newest first, without a sort.
    const rows = await selectPosts(this.db)
      .where('p.type', '=', type).where('p.language', '=', language).where('p.state', '=', 'published')
      .orderBy('p.created_at', 'desc')
      .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
      .execute();
    const { n } = await this.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type).where('language', '=', language).where('state', '=', 'published')
      .executeTakeFirstOrThrow();
    return this.remember(key, generation, { posts: rows.map((row) => publicPost(toPost(row))), pages: pagesFor(n) });
  }

  async searchPage(keyword: string, page: number): Promise<EncodedPage> {
    const match = toMatchExpression(keyword);
    if (!match) return EMPTY_PAGE;
    const key = `s\u0000${match}\u0000${page}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation;
    const rows = await selectPosts(this.db)
      .innerJoin('posts_search', 'posts_search.post_id', 'p.id')
      .where(sql<boolean>`posts_search MATCH ${match}`).where('p.state', '=', 'published')
      .orderBy('p.created_at', 'desc').orderBy(sql`p.rowid`, 'desc')
      .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
      .execute();
    const { n } = await this.db.selectFrom('posts_search')
      .innerJoin('posts as p', 'p.id', 'posts_search.post_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`posts_search MATCH ${match}`).where('p.state', '=', 'published')
      .executeTakeFirstOrThrow();
    return this.remember(key, generation, { posts: rows.map((row) => publicPost(toPost(row))), pages: pagesFor(n) });
  }

  async listPublished(type: PostType, language: PostLanguage, page: number): Promise<PostPage> {
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
    const row = await selectPosts(this.db).where('p.id', '=', id).executeTakeFirst();
    return row ? toPost(row) : undefined;
  }

  /** An admin sees every post, an author their own; drafts included. */
  async listForAuthor(user: Pick<CurrentUser, 'id' | 'isAdmin'>): Promise<Post[]> {
    const query = selectPosts(this.db).orderBy('p.created_at', 'desc');
    const rows = await (user.isAdmin ? query : query.where('p.author_id', '=', user.id)).execute();
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

  async countView(id: string): Promise<void> {
    await this.db.updateTable('posts').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', id).execute();
  }
}
