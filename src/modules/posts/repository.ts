// The only file with SQL for posts, all of it through Kysely's typed query builder: reads and
// writes alike, in production and in tests. Public list and search pages have a small result
// cache in front (result-cache.ts); a write clears it. See docs/decisions.md, "Posts: one query path".
// (The dashboard's list, with its own indexes and search, is manage-repository.ts.)
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../../plugins/auth';
import { newId, nowIso } from '@shared/ids';
import { storedAlt } from '@shared/schemas';
import { AuditRepository } from '../audit/repository';
import { normalizeForSearch } from './normalize';
import { ResultCache } from './result-cache';
import { PAGE_SIZE, publicPost, type NewPost, type Post, type Language, type PostPage, type PostState, type PostType, type PublicPost } from './schema';
import { toMatchExpression } from './search-query';

/**
 * A posts row as the reads return it: the table's columns, the author's name, and the
 * counterpart's id only when that post is public (what visitors may be shown).
 */
type PostRow = Selectable<Database['posts']> & { author_name: string | null; public_translation_of: string | null };

/** Every read of whole posts: the post and its author's name (null once the author is deleted). */
function selectPosts(db: Kysely<Database>) {
  return db.selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select('u.name as author_name')
    .select((eb) => eb.selectFrom('posts as t').select('t.id')
      .whereRef('t.id', '=', 'p.translation_of').where('t.state', '=', 'published')
      .as('public_translation_of'));
}

/** A sitemap holds at most 50,000 addresses. */
export const SITEMAP_MAX_POSTS = 49_000;

/** 'public': the counterpart is named only when visitors can open it. */
function toPost(row: PostRow, audience: 'staff' | 'public' = 'staff'): Post {
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
    // A post from a content bundle names its author at headquarters, who is no user here.
    author: row.author_id ?? row.bundle_author_id,
    authorName: row.author_name ?? row.bundle_author_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    translationOf: audience === 'public' ? row.public_translation_of : row.translation_of,
  };
}

function pagesFor(total: number): number {
  return Math.ceil(total / PAGE_SIZE);
}

interface PostColumns {
  title: string; description: string; image: string; image_alt: string | null; pictures: string; pictures_alt: string; video: string;
  language: Language; type: PostType; pdf: string; state: PostState; publish_at: string | null;
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
    // Only a scheduled post has a publication time (the routes check and normalise it).
    publish_at: input.state === 'scheduled' ? input.publishAt ?? null : null,
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

/**
 * What every repository over one database shares, so any write clears it: the page cache, and the
 * time of the next scheduled publication (undefined: not looked up since the last write).
 */
interface SharedState {
  cache: ResultCache<EncodedPage>;
  nextPublicationMs: number | null | undefined;
}
const shared = new WeakMap<Kysely<Database>, SharedState>();

function sharedState(db: Kysely<Database>): SharedState {
  let state = shared.get(db);
  if (!state) shared.set(db, (state = { cache: new ResultCache<EncodedPage>(), nextPublicationMs: undefined }));
  return state;
}

/**
 * Counts the changes of this database's posts (writes, scheduled publications, bundle imports):
 * caches built on posts elsewhere (the rendered pages) are stale once it moves.
 */
export function postsGeneration(db: Kysely<Database>): number {
  return sharedState(db).cache.generation;
}

/** Drops the cached public pages of this database: for writes made outside this repository (content bundles). */
export function clearPublicPostPages(db: Kysely<Database>): void {
  const state = shared.get(db);
  if (!state) return;
  state.cache.clear();
  state.nextPublicationMs = undefined;
}

export class PostsRepository {
  private readonly state: SharedState;
  private readonly cache: ResultCache<EncodedPage>;

  /**
   * The page cache is shared by every repository over the same database, so any write clears it;
   * a benchmark passes its own to measure the queries behind it.
   */
  constructor(private readonly db: Kysely<Database>, cache?: ResultCache<EncodedPage>) {
    this.state = sharedState(db);
    this.cache = cache ?? this.state.cache;
  }

  /** A public list page, encoded; cached until a post changes or a scheduled one comes due. */
  async listPublishedPage(type: PostType, language: Language, page: number): Promise<EncodedPage> {
    await this.publishDue();
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
    return this.remember(key, generation, { posts: rows.map((row) => publicPost(toPost(row, 'public'))), pages: pagesFor(n) });
  }

  async searchPage(keyword: string, page: number): Promise<EncodedPage> {
    const match = toMatchExpression(keyword);
    if (!match) return EMPTY_PAGE;
    await this.publishDue();
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
    return this.remember(key, generation, { posts: rows.map((row) => publicPost(toPost(row, 'public'))), pages: pagesFor(n) });
  }

  async listPublished(type: PostType, language: Language, page: number): Promise<PostPage> {
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
    await this.publishDue();
    const row = await selectPosts(this.db).where('p.id', '=', id).executeTakeFirst();
    return row ? toPost(row) : undefined;
  }

  /** An admin sees every post, an author their own; drafts included. */
  async listForAuthor(user: Pick<CurrentUser, 'id' | 'isAdmin'>): Promise<Post[]> {
    await this.publishDue();
    const query = selectPosts(this.db).orderBy('p.created_at', 'desc');
    const rows = await (user.isAdmin ? query : query.where('p.author_id', '=', user.id)).execute();
    return rows.map((row) => toPost(row));
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
    const { state, publish_at, ...columns } = columnsOf(input);
    const changed = await this.writing(() => this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('posts').set({ ...columns, ...(input.state ? { state, publish_at } : {}), updated_at: nowIso() }).where('id', '=', id).executeTakeFirst();
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
      this.state.nextPublicationMs = undefined;
    }
  }

  /**
   * Publishes the scheduled posts whose time has come, before any read: no timer and no restart,
   * and no cached page outlives the moment (publishing is a write, which clears the cache). Costs a
   * comparison per read; one indexed look-up after each write. A published post takes its publication
   * time as its date, so it appears at the top of the lists, as a post written then would.
   */
  async publishDue(now: number = Date.now()): Promise<string[]> {
    if (this.state.nextPublicationMs === undefined) {
      const row = await this.db.selectFrom('posts').select((eb) => eb.fn.min('publish_at').as('next'))
        .where('state', '=', 'scheduled').executeTakeFirst();
      this.state.nextPublicationMs = row?.next ? Date.parse(row.next) : null;
    }
    const next = this.state.nextPublicationMs;
    if (next === null || next > now) return [];
    const at = new Date(now).toISOString();
    return this.writing(() => this.db.transaction().execute(async (trx) => {
      const rows = await trx.updateTable('posts')
        .set((eb) => ({ state: 'published', created_at: eb.ref('publish_at').$castTo<string>(), publish_at: null, updated_at: at }))
        .where('state', '=', 'scheduled').where('publish_at', '<=', at)
        .returning(['id', 'created_at'])
        .execute();
      const audit = new AuditRepository(trx);
      for (const row of rows) {
        await audit.recordBySystem('update', 'post', row.id, { state: { from: 'scheduled', to: 'published' }, publishedAt: { to: row.created_at } });
      }
      return rows.map((row) => row.id);
    }));
  }

  /** Titles for naming posts in reports (the visits screen), with what decides who may read them. */
  async titlesOf(ids: string[]): Promise<Array<{ id: string; title: string; state: PostState; authorId: string | null }>> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('posts').select(['id', 'title', 'state', 'author_id']).where('id', 'in', ids).execute();
    return rows.map((row) => ({ id: row.id, title: row.title, state: row.state, authorId: row.author_id }));
  }

  /** True when visitors can open this post. */
  async isPublic(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('state').where('id', '=', id).executeTakeFirst();
    return row?.state === 'published';
  }

  /**
   * Links two posts as each other's translation (or unlinks with null), both ways, in one
   * transaction: a former counterpart of either side is let go. Answers the other posts whose
   * link changed, with their link before and after, for the audit log. The routes check the rules
   * (other language, may manage both, counterpart free) before calling this.
   */
  async linkTranslation(id: string, counterpartId: string | null): Promise<Array<{ id: string; from: string | null; to: string | null }>> {
    return this.writing(() => this.db.transaction().execute(async (trx) => {
      const linkOf = async (postId: string) => (await trx.selectFrom('posts').select('translation_of').where('id', '=', postId).executeTakeFirst())?.translation_of ?? null;
      const current = await linkOf(id);
      if (current === counterpartId) return [];
      const changed: Array<{ id: string; from: string | null; to: string | null }> = [];
      await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', id).execute();
      if (current !== null) {
        await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', current).where('translation_of', '=', id).execute();
        changed.push({ id: current, from: id, to: null });
      }
      if (counterpartId !== null) {
        const formerOfCounterpart = await linkOf(counterpartId);
        if (formerOfCounterpart !== null) await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', formerOfCounterpart).where('translation_of', '=', counterpartId).execute();
        await trx.updateTable('posts').set({ translation_of: id }).where('id', '=', counterpartId).execute();
        await trx.updateTable('posts').set({ translation_of: counterpartId }).where('id', '=', id).execute();
        changed.push({ id: counterpartId, from: formerOfCounterpart, to: id });
      }
      return changed;
    }));
  }

  /** Every published post's id and last change, for the sitemap, the newest first. */
  async publishedIndex(limit = SITEMAP_MAX_POSTS): Promise<Array<{ id: string; updatedAt: string }>> {
    await this.publishDue();
    const rows = await this.db.selectFrom('posts').select(['id', 'updated_at'])
      .where('state', '=', 'published').orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
  }

  /** The newest published posts in one language, for its feed (as visitors see them). */
  async latestPublished(language: Language, limit: number): Promise<PublicPost[]> {
    await this.publishDue();
    const rows = await selectPosts(this.db).where('p.language', '=', language).where('p.state', '=', 'published')
      .orderBy('p.created_at', 'desc').limit(limit).execute();
    return rows.map((row) => publicPost(toPost(row, 'public')));
  }

  /** Counts a view of a published post; false when there is none with this id. */
  async countPublishedView(id: string): Promise<boolean> {
    const result = await this.db.updateTable('posts').set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id).where('state', '=', 'published').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countView(id: string): Promise<void> {
    await this.db.updateTable('posts').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', id).execute();
  }
}
