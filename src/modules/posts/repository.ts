// The posts' SQL through Kysely's typed query builder (docs/decisions.md, "Posts: one query path");
// the dashboard's list has its own (manage-repository.ts), and so do the whole posts content
// bundles copy (item-store.ts). Two kinds of read: staff reads see every post as stored; visible
// reads start from visiblePosts() and serve PublicPosts (public-posts.ts), their only caller.
// Every write announces itself on the content-changes signal once it is done.
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { BOTH_LANGUAGES, type ChangeCause, type ContentChanges } from '../../content-changes';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../../plugins/auth';
import type SQLite from 'better-sqlite3';
import { compiledOnce } from '../../db/statements';
import { newId, nowIso } from '@shared/ids';
import { SEARCH_PAGES_COUNTED } from '@shared/domain';
import { storedAlt } from '@shared/schemas';
import { AuditRepository } from '../audit/repository';
import { albumColumns, albumOf } from './pictures';
import { PAGE_SIZE, type Language, type NewPost, type Post, type PostState, type PostType } from './schema';
import { indexExpression, type PostSearchIndex } from './search-index';
import { matchExpressionOf } from './search-query';
import { unlessBusy } from '../../db/busy';

/**
 * A page of visible posts as the repository reads them (authors included) and how many pages there
 * are; `more` when more posts match than those pages hold (search counts SEARCH_PAGES_COUNTED pages).
 */
export interface VisiblePage { posts: Post[]; pages: number; more?: boolean }

type PostRow = Selectable<Database['posts']> & { author_name: string | null };

/**
 * The author's name (null once the author is deleted), as a scalar subquery: with SQLite 3.54 a
 * LEFT JOIN of users made reading one post 7 times slower (49 against 7 microseconds, measured in
 * docs/decisions.md, "A lighter render: the layout once per language, the screen per page").
 */
const authorName = (eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>) =>
  eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'p.author_id').as('author_name');

/** Every read of whole posts: the post and its author's name. */
function selectPosts(db: Kysely<Database>) {
  return db.selectFrom('posts as p')
    .selectAll('p')
    .select(authorName);
}

/** What visitors may see of a row p of the posts table: published posts (the schedule publishes a scheduled one at its time). */
const VISIBLE = sql<SqlBool>`p.state = 'published'`;

/**
 * The published posts in date order, from their index (migration 009). Named: without statistics
 * the planner would take another index for the state and sort every post.
 */
const PUBLISHED_NEWEST_FIRST = sql`posts AS p INDEXED BY posts_published`;

function visibleRows(db: Kysely<Database>) {
  return db.selectFrom('posts as p').where(VISIBLE);
}

/** Visible posts, whole, each naming its counterpart only when visitors may see that one too. */
function visiblePosts(db: Kysely<Database>) {
  return visibleRows(db)
    .selectAll('p')
    .select(authorName)
    .select(visibleTranslationOf);
}

/** A post's counterpart, only when visitors may see that one too (pages, hreflang, the sitemap). */
function visibleTranslationOf(eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>) {
  return eb.selectFrom('posts as t').select('t.id')
    .whereRef('t.id', '=', 'p.translation_of').where(sql<SqlBool>`t.state = 'published'`)
    .as('visible_translation_of');
}

/**
 * Visible posts whole, looked up by rowid: the list of rowids is the outer loop (CROSS JOIN), so
 * each is one step of the table's b-tree. Left to itself the planner read the state's index and
 * tested every published post against the list (5 ms at 100,000 posts).
 */
function visiblePostsAt(db: Kysely<Database>, rowids: number[]) {
  return db.selectFrom(sql<{ value: number }>`json_each(${JSON.stringify(rowids)})`.as('w'))
    .crossJoin('posts as p')
    .where(sql<SqlBool>`p.rowid = w.value`).where(VISIBLE)
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select('u.name as author_name')
    .select(visibleTranslationOf)
    .select(sql<number>`p.rowid`.as('r'));
}

/** A visible read passes the counterpart visitors may open; staff reads the stored link. */
function toPost(row: PostRow, translationOf: string | null = row.translation_of): Post {
  return {
    _id: row.id,
    title: row.title,
    describtion: row.description,
    image: row.image,
    imageAlt: row.image_alt,
    ...albumOf(row),
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
    translationOf,
  };
}

const toVisiblePost = (row: PostRow & { visible_translation_of: string | null }) => toPost(row, row.visible_translation_of);

function pagesFor(total: number): number {
  return Math.ceil(total / PAGE_SIZE);
}

/**
 * A search counts its matches over SEARCH_PAGES_COUNTED pages, or up to the page asked for, and
 * one more match: enough to know that the page after the last one counted holds posts.
 */
function searchCountLimit(page: number): number {
  return Math.max(SEARCH_PAGES_COUNTED, page) * PAGE_SIZE + 1;
}

/** The pages of a search whose count stopped at `limit`. */
function boundedPages(counted: number, limit: number): Pick<VisiblePage, 'pages' | 'more'> {
  return counted < limit ? { pages: pagesFor(counted) } : { pages: (limit - 1) / PAGE_SIZE, more: true };
}

interface PostColumns {
  title: string; description: string; image: string; image_alt: string | null; pictures: string; pictures_alt: string; video: string;
  language: Language; type: PostType; pdf: string; state: PostState; publish_at: string | null;
}

/** The stored columns of a post body: trimmed title, empty strings for missing files. */
function columnsOf(input: NewPost): PostColumns {
  // Each picture keeps its own alt text; empty picture slots are dropped with theirs.
  const album = (input.pictures ?? []).map((path, index) => ({ path, alt: storedAlt(input.picturesAlt?.[index]) })).filter(({ path }) => path !== '');
  return {
    title: input.title.trim(),
    description: input.describtion,
    image: input.image ?? '',
    image_alt: storedAlt(input.imageAlt),
    ...albumColumns({ pictures: album.map(({ path }) => path), picturesAlt: album.map(({ alt }) => alt) }),
    video: (input.video ?? '').trim(),
    language: input.language,
    type: input.type,
    pdf: input.pdf ?? '',
    state: input.state ?? 'published',
    // Only a scheduled post has a publication time (the routes check and normalise it).
    publish_at: input.state === 'scheduled' ? input.publishAt ?? null : null,
  };
}

/** Where a post is listed (its language and type): the caches of those lists are what its change touches. */
interface Listed { language: Language; type: PostType }

/**
 * The lists a post and its counterpart show in, before a change (undefined for an unknown post):
 * the counterpart's entry names the post only while the post is visible, so a change of the post
 * touches the counterpart's page and lists too.
 */
async function listedOf(trx: Transaction<Database>, id: string): Promise<{ ids: string[]; listed: Listed[] } | undefined> {
  const post = await trx.selectFrom('posts').select(['language', 'type', 'translation_of']).where('id', '=', id).executeTakeFirst();
  if (!post) return undefined;
  const counterpart = post.translation_of === null ? undefined
    : await trx.selectFrom('posts').select(['id', 'language', 'type']).where('id', '=', post.translation_of).executeTakeFirst();
  return counterpart ? { ids: [id, counterpart.id], listed: [post, counterpart] } : { ids: [id], listed: [post] };
}

export class PostsRepository {
  /** The read every public post page and GET /api/posts/:id make: compiled once. */
  private readonly visibleRowById;

  /** `sqlite`: the connection `db` runs on, where the hot read runs directly (db/statements.ts, compiledOnce). */
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges, private readonly searchIndex: PostSearchIndex, sqlite?: SQLite.Database) {
    this.visibleRowById = compiledOnce(db, (id) => visiblePosts(db).where('p.id', '=', id), sqlite);
  }

  /** Announces a change of these posts, listed in these languages and types (unknown: every list). */
  private announce(ids: string[], listed: Listed[] | 'every list', cause: ChangeCause = 'write'): void {
    if (listed === 'every list') {
      this.changes.announce({ kind: 'posts', cause, ids, languages: BOTH_LANGUAGES });
      return;
    }
    const languages = [...new Set(listed.map((entry) => entry.language))];
    const types = [...new Set(listed.map((entry) => entry.type))];
    this.changes.announce({ kind: 'posts', cause, ids: [...new Set(ids)], languages, types });
  }

  // ---- staff reads: every post as stored ----

  async findById(id: string): Promise<Post | undefined> {
    const row = await selectPosts(this.db).where('p.id', '=', id).executeTakeFirst();
    return row ? toPost(row) : undefined;
  }

  /** An admin sees every post, an author their own; drafts included. */
  async listForAuthor(user: Pick<CurrentUser, 'id' | 'isAdmin'>): Promise<Post[]> {
    const query = selectPosts(this.db).orderBy('p.created_at', 'desc');
    const rows = await (user.isAdmin ? query : query.where('p.author_id', '=', user.id)).execute();
    return rows.map((row) => toPost(row));
  }

  /** Titles for naming posts in reports (the visits screen), with what decides who may read them. */
  async titlesOf(ids: string[]): Promise<Array<{ id: string; title: string; state: PostState; authorId: string | null }>> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('posts').select(['id', 'title', 'state', 'author_id']).where('id', 'in', ids).execute();
    return rows.map((row) => ({ id: row.id, title: row.title, state: row.state, authorId: row.author_id }));
  }

  // ---- visible reads: what visitors may see, for PublicPosts ----

  /**
   * A list page, newest first, with the number of pages. The page's posts are found in the index
   * posts_list (type, language, state, created_at) alone, however deep the page: the posts it
   * skips are index entries, never table rows; then the page's 9 are read whole.
   */
  async visiblePage(type: PostType, language: Language, page: number): Promise<VisiblePage> {
    const listed = () => visibleRows(this.db).where('p.type', '=', type).where('p.language', '=', language);
    const rowids = (await listed().select(sql<number>`p.rowid`.as('r'))
      .orderBy('p.created_at', 'desc').orderBy(sql`p.rowid`, 'desc')
      .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
      .execute()).map((row) => row.r);
    const { n } = await listed().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { posts: await this.wholeVisible(rowids), pages: pagesFor(n) };
  }

  /** Visible posts whole, by rowid, in the order given. */
  private async wholeVisible(rowids: number[]): Promise<Post[]> {
    const byRowid = await this.wholeVisibleByRowid(rowids);
    return rowids.flatMap((rowid) => byRowid.get(rowid) ?? []);
  }

  private async wholeVisibleByRowid(rowids: number[]): Promise<Map<number, Post>> {
    if (rowids.length === 0) return new Map();
    const rows = await visiblePostsAt(this.db, rowids).execute();
    return new Map(rows.map((row) => [row.r, toVisiblePost(row)]));
  }

  /**
   * A page of the visible posts matching an FTS5 expression (search-query.ts), newest first. Read
   * from the search index in its rowid order (the posts' sort_key, creation order), which stops
   * after the page; the matches are counted up to the bound only. While the index is still being
   * built after an upgrade (newest posts first) older posts may be missing.
   */
  async visibleSearchPage(words: readonly string[], page: number): Promise<VisiblePage> {
    this.searchIndex.catchUp();
    const match = matchExpressionOf(words, (word) => this.searchIndex.expansionsOf(word));
    const offset = (page - 1) * PAGE_SIZE;
    const countLimit = searchCountLimit(page);
    // CROSS JOIN keeps the index as the outer loop: it is read newest first and stops at the LIMIT.
    const hits = this.db.selectFrom(sql<{ rowid: number }>`posts_manage_search`.as('s')).crossJoin('posts as p')
      .where(sql<SqlBool>`posts_manage_search MATCH ${indexExpression(match)}`).where(sql<SqlBool>`p.sort_key = s.rowid`).where(VISIBLE);
    const rowids = (await hits.select(sql<number>`p.rowid`.as('r')).orderBy(sql`s.rowid`, 'desc').limit(PAGE_SIZE).offset(offset).execute()).map((row) => row.r);
    const { n } = await this.db.selectFrom(hits.select(sql<number>`1`.as('one')).limit(countLimit).as('counted'))
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { posts: await this.wholeVisible(rowids), ...boundedPages(Number(n), countLimit) };
  }

  async visibleById(id: string): Promise<Post | undefined> {
    const [row] = await this.visibleRowById(id);
    return row && toVisiblePost(row);
  }

  async isVisible(id: string): Promise<boolean> {
    return (await visibleRows(this.db).select('p.id').where('p.id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** How many posts are visible (the sitemap's size). */
  async countVisible(): Promise<number> {
    const row = await visibleRows(this.db).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * One slice of the visible posts' ids and last changes, for one sitemap, the newest first
   * (`offset` posts skipped, at most `limit`): one range of the index posts_published, which holds
   * both. Its first entry is found by stepping over the index; the range is then read in order.
   */
  async visibleIndex(offset: number, limit: number): Promise<Array<{ id: string; updatedAt: string; language: Language; translationOf: string | null }>> {
    let from = sql``;
    if (offset > 0) {
      const first = (await sql<{ created_at: string; id: string }>`SELECT p.created_at, p.id FROM ${PUBLISHED_NEWEST_FIRST}
        WHERE ${VISIBLE} ORDER BY p.created_at DESC, p.id DESC LIMIT 1 OFFSET ${offset}`.execute(this.db)).rows[0];
      if (!first) return [];
      from = sql`AND (p.created_at, p.id) <= (${first.created_at}, ${first.id})`;
    }
    // The counterpart (for the sitemap's alternates) is the one column the index does not hold.
    const rows = await sql<{ id: string; updated_at: string; language: Language; translation_of: string | null }>`SELECT p.id, p.updated_at, p.language,
      (SELECT t.id FROM posts AS t WHERE t.id = p.translation_of AND t.state = 'published') AS translation_of
      FROM ${PUBLISHED_NEWEST_FIRST} WHERE ${VISIBLE} ${from} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((row) => ({ id: row.id, updatedAt: row.updated_at, language: row.language, translationOf: row.translation_of }));
  }

  /** The newest visible posts in one language (its feed): read from posts_published, newest first, stopping at `limit`. */
  async latestVisible(language: Language, limit: number): Promise<Post[]> {
    const rows = await sql<{ r: number }>`SELECT p.rowid AS r FROM ${PUBLISHED_NEWEST_FIRST}
      WHERE ${VISIBLE} AND p.language = ${language} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`.execute(this.db);
    return this.wholeVisible(rows.rows.map((row) => row.r));
  }

  /**
   * Visible posts oldest first, then in the order written (a content bundle inserts them so, and
   * ties sort alike): the `size` after `after` (a post's creation time and rowid), read from
   * posts_published, so a bundle of the whole site holds one batch at a time.
   */
  async visibleBatch(after: { createdAt: string; rowid: number } | null, size: number): Promise<Array<{ post: Post; createdAt: string; rowid: number }>> {
    const from = after ? sql`AND (p.created_at, p.rowid) > (${after.createdAt}, ${after.rowid})` : sql``;
    const rows = (await sql<{ r: number; created_at: string }>`SELECT p.rowid AS r, p.created_at FROM ${PUBLISHED_NEWEST_FIRST}
      WHERE ${VISIBLE} ${from} ORDER BY p.created_at, p.rowid LIMIT ${size}`.execute(this.db)).rows;
    const posts = await this.wholeVisibleByRowid(rows.map((row) => row.r));
    return rows.flatMap((row) => { const post = posts.get(row.r); return post ? [{ post, createdAt: row.created_at, rowid: row.r }] : []; });
  }

  /** The visible ones of these posts, oldest first then in the order written. */
  async visibleByIds(ids: string[]): Promise<Post[]> {
    if (ids.length === 0) return [];
    const rows = await visiblePosts(this.db).where('p.id', 'in', ids).orderBy('p.created_at').orderBy(sql`p.rowid`).execute();
    return rows.map(toVisiblePost);
  }

  // ---- writes, each announced ----

  async create(input: NewPost, authorId: string | null, createdAt: string = nowIso()): Promise<Post> {
    const id = newId();
    const columns = columnsOf(input);
    // The search index learns of it through its queue (a trigger), before the next search.
    await this.db.insertInto('posts').values({ id, ...columns, views: 0, author_id: authorId, created_at: createdAt, updated_at: createdAt }).execute();
    this.announce([id], [columns]);
    return (await this.findById(id))!;
  }

  /**
   * Replaces the editable fields; answers undefined for an unknown id. A body without state
   * keeps the post's state: the post form has no state field, and saving must not publish a draft.
   */
  async update(id: string, input: NewPost): Promise<Post | undefined> {
    const { state, publish_at, ...columns } = columnsOf(input);
    const before = await this.db.transaction().execute(async (trx) => {
      const listed = await listedOf(trx, id);
      if (listed === undefined) return undefined;
      await trx.updateTable('posts').set({ ...columns, ...(input.state ? { state, publish_at } : {}), updated_at: nowIso() }).where('id', '=', id).execute();
      return listed;
    });
    if (!before) return undefined;
    this.announce(before.ids, [...before.listed, columns]);
    return this.findById(id);
  }

  async delete(id: string): Promise<boolean> {
    const before = await this.db.transaction().execute(async (trx) => {
      const found = await listedOf(trx, id);
      await trx.deleteFrom('posts').where('id', '=', id).execute();
      return found;
    });
    if (before === undefined) return false;
    this.announce(before.ids, before.listed);
    return true;
  }

  /**
   * Links two posts as each other's translation (or unlinks with null), both ways, in one
   * transaction: a former counterpart of either side is let go. Answers the other posts whose
   * link changed, with their link before and after, for the audit log. The routes check the rules
   * (other language, may manage both, counterpart free) before calling this.
   */
  async linkTranslation(id: string, counterpartId: string | null): Promise<Array<{ id: string; from: string | null; to: string | null }>> {
    const changed = await this.db.transaction().execute(async (trx) => {
      const linkOf = async (postId: string) => (await trx.selectFrom('posts').select('translation_of').where('id', '=', postId).executeTakeFirst())?.translation_of ?? null;
      const current = await linkOf(id);
      if (current === counterpartId) return [];
      const others: Array<{ id: string; from: string | null; to: string | null }> = [];
      await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', id).execute();
      if (current !== null) {
        await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', current).where('translation_of', '=', id).execute();
        others.push({ id: current, from: id, to: null });
      }
      if (counterpartId !== null) {
        const formerOfCounterpart = await linkOf(counterpartId);
        if (formerOfCounterpart !== null) await trx.updateTable('posts').set({ translation_of: null }).where('id', '=', formerOfCounterpart).where('translation_of', '=', counterpartId).execute();
        await trx.updateTable('posts').set({ translation_of: id }).where('id', '=', counterpartId).execute();
        await trx.updateTable('posts').set({ translation_of: counterpartId }).where('id', '=', id).execute();
        others.push({ id: counterpartId, from: formerOfCounterpart, to: id });
      }
      return others;
    });
    // A link joins the two languages: both show it (hreflang), in lists of any type.
    if (changed.length > 0) this.announce([id, ...changed.map((other) => other.id)], 'every list');
    return changed;
  }

  /** Counts a view. Not announced: view counts are not worth dropping a page for (the caches' lifetime bounds them). */
  async countView(id: string): Promise<void> {
    // Not counted while a content import holds the database for writing (db/busy.ts).
    await unlessBusy(async () => { await this.db.updateTable('posts').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', id).execute(); }, undefined);
  }

  // ---- the schedule (scheduled-posts.ts decides when) ----

  /** When the next scheduled post is due (ms since 1970), or null when none is scheduled. */
  async nextPublicationTime(): Promise<number | null> {
    const row = await this.db.selectFrom('posts').select((eb) => eb.fn.min('publish_at').as('next'))
      .where('state', '=', 'scheduled').executeTakeFirst();
    return row?.next ? Date.parse(row.next) : null;
  }

  /**
   * Publishes every scheduled post due at `at` (ISO, UTC), recorded in the audit log as the
   * system's change. A published post takes its publication time as its date, so it appears at
   * the top of the lists, as a post written then would. Answers the ids published.
   */
  async publishDue(at: string): Promise<string[]> {
    const rows = await this.db.transaction().execute(async (trx) => {
      const published = await trx.updateTable('posts')
        .set((eb) => ({ state: 'published', created_at: eb.ref('publish_at').$castTo<string>(), publish_at: null, updated_at: at }))
        .where('state', '=', 'scheduled').where('publish_at', '<=', at)
        .returning(['id', 'created_at', 'language', 'type', 'title'])
        .execute();
      const audit = new AuditRepository(trx);
      for (const row of published) {
        await audit.recordBySystem('update', 'post', row.id, { state: { from: 'scheduled', to: 'published' }, publishedAt: { to: row.created_at } }, row.title);
      }
      return published;
    });
    // A scheduled post has no counterpart visitors see until now: only its own lists change.
    if (rows.length > 0) this.announce(rows.map((row) => row.id), rows, 'schedule');
    return rows.map((row) => row.id);
  }
}
