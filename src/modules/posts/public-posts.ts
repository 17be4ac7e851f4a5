// What a visitor may see of posts, answered once for every public path: the API's lists, search
// and post reads, the rendered pages, the feeds, the sitemap and content bundles. Visible means
// published (the one query in repository.ts, visibleRows), with due scheduled posts published
// first (scheduled-posts.ts), a counterpart named only when it is visible too, the album decoded
// (pictures.ts) and, for visitors, no author (publicPost). List and search pages are kept encoded,
// each post with its pictures' widths (imageWidths, read once when the page is encoded), in a small
// cache, and so is a visitor's answer about one post (the API's read and a post page's data); a
// posts change (the content-changes signal) drops the lists and posts it touches and makes the
// searches stale (touchOf, which the rendered pages use too), and a counted view drops its post's.
import { changeNames, type ContentChange, type ContentChanges } from '../../content-changes';
import { picturesOfPost, type UploadWidths } from '../uploads/widths';
import type { PostsRepository, VisiblePage } from './repository';
import { ResultCache, type Touch } from './result-cache';
import type { ScheduledPosts } from './scheduled-posts';
import { serializerCompiler } from '../../plugins/serialization';
import { PostReadSchema, publicPost, type Language, type Post, type PostPage, type PostType, type PublicPost } from './schema';
import { matchExpressionOf, searchWordsOf } from './search-query';
import { someVisible, visibleInBatches } from './visible-batches';

/**
 * A list or search page kept as its UTF-8 JSON only: sending it costs nothing (encoding long
 * Arabic texts on every request is not free) and it takes half the memory of the objects.
 */
export type PostPageJson = Buffer;

const EMPTY_PAGE: PostPageJson = Buffer.from('{"posts":[],"pages":0}');

/**
 * A visitor's answer to `GET /api/posts/:id`, kept as the UTF-8 JSON the route's own response
 * serializer writes (the same bytes), so a read answered from here reads, copies and encodes nothing.
 */
export type PostAnswerJson = Buffer;

/**
 * Visitors' post answers kept: at most this many, each at most this long (a longer text is read and
 * encoded on each request, as every answer was before): a few MB at worst, about 2 kB a post usually.
 */
const ANSWERS_KEPT = 200;
const ANSWER_BYTES_KEPT = 32 * 1024;

const encodePostRead = serializerCompiler({ schema: PostReadSchema, method: 'GET', url: '/api/posts/:id', httpStatus: '200' }) as (post: unknown) => string;

const decoded = (json: PostPageJson) => JSON.parse(json.toString('utf8')) as PostPage;

/** A read of what visitors see of posts: a list page, a search page, a post (with the counterpart it names). */
export type PostsRead =
  | { read: 'postList'; type: PostType; language: Language }
  | { read: 'search' }
  | { read: 'post'; id: string; counterpart?: string | null };

/**
 * What a change does to a read visitors were answered: the one rule for every cache of posts. A
 * list is dropped when a post of its type and language changed (every type when not known); a
 * post when it or its counterpart changed. Which searches a post's words reach is not worth telling
 * exactly: each search goes stale and is recomputed once, by its next request.
 */
export function touchOf(change: ContentChange, read: PostsRead): Touch {
  if (change.kind !== 'posts') return null;
  switch (read.read) {
    case 'postList':
      return change.languages.includes(read.language) && (change.types === undefined || change.types.includes(read.type)) ? 'drop' : null;
    case 'search':
      return 'stale';
    case 'post':
      return changeNames(change, read.id) || (!!read.counterpart && changeNames(change, read.counterpart)) ? 'drop' : null;
  }
}

const SEPARATOR = '\u0000';

/** The read a cache key of PublicPosts stands for. */
function readOfKey(key: string): PostsRead {
  const [kind, type, language] = key.split(SEPARATOR);
  return kind === 'l' ? { read: 'postList', type: type as PostType, language: language as Language } : { read: 'search' };
}

export class PublicPosts {
  private readonly pages = new ResultCache<PostPageJson>();
  /** Visitors' answers by post id, with the counterpart each names: dropped as a post read is (touchOf), and when a view of the post is counted. */
  private readonly answers = new ResultCache<{ json: PostAnswerJson; counterpart: string | null } | undefined>(ANSWERS_KEPT);

  constructor(
    private readonly posts: PostsRepository, private readonly schedule: ScheduledPosts, changes: ContentChanges, private readonly widths: UploadWidths,
  ) {
    changes.listen((change) => {
      if (change.kind !== 'posts') return;
      this.pages.apply((key) => touchOf(change, readOfKey(key)));
      this.answers.apply((id, kept) => touchOf(change, { read: 'post', id, counterpart: kept?.counterpart }));
    });
  }

  /** A list page of one type and language, newest first, encoded. */
  async listPage(type: PostType, language: Language, page: number): Promise<PostPageJson> {
    await this.schedule.publishDue();
    return this.kept(['l', type, language, page].join(SEPARATOR), () => this.posts.visiblePage(type, language, page));
  }

  /** A page of the posts a search finds (Arabic and English), newest first, encoded. */
  async searchPage(keyword: string, page: number): Promise<PostPageJson> {
    const words = searchWordsOf(keyword);
    if (!words) return EMPTY_PAGE;
    await this.schedule.publishDue();
    // Kept under the prefixes asked, whatever words of the index they stand for today.
    return this.kept(['s', matchExpressionOf(words), page].join(SEPARATOR), () => this.posts.visibleSearchPage(words, page));
  }

  async list(type: PostType, language: Language, page: number): Promise<PostPage> {
    return decoded(await this.listPage(type, language, page));
  }

  async search(keyword: string, page: number): Promise<PostPage> {
    return decoded(await this.searchPage(keyword, page));
  }

  /** The post when visitors may see it, as staff read it (author included): visitors get publicPost() of it. */
  async find(id: string): Promise<Post | undefined> {
    if (this.schedule.mayBeDue()) await this.schedule.publishDue();
    return this.posts.visibleById(id);
  }

  /** What a visitor is answered for this post (its JSON), or undefined when visitors may not see it. */
  async answer(id: string): Promise<PostAnswerJson | undefined> {
    if (this.schedule.mayBeDue()) await this.schedule.publishDue();
    const kept = await this.answers.get(id, async () => {
      const post = await this.posts.visibleById(id);
      if (!post) return undefined;
      const shown = await this.widths.annotate(publicPost(post), picturesOfPost(post));
      return { json: Buffer.from(encodePostRead(shown)), counterpart: post.translationOf };
    }, (value) => value !== undefined && value.json.length <= ANSWER_BYTES_KEPT);
    return kept?.json;
  }

  /** Counts a view of the post; the next answer about it shows the new count. */
  async countView(id: string): Promise<void> {
    await this.posts.countView(id);
    this.answers.apply((key) => (key === id ? 'drop' : null));
  }

  async isVisible(id: string): Promise<boolean> {
    await this.schedule.publishDue();
    return this.posts.isVisible(id);
  }

  /** How many posts the sitemap lists. */
  async countVisible(): Promise<number> {
    await this.schedule.publishDue();
    return this.posts.countVisible();
  }

  /** A slice of the visible posts' addresses and last changes, newest first (one sitemap of the index). */
  async sitemapEntries(offset: number, limit: number): Promise<Array<{ id: string; updatedAt: string; language: Language; translationOf: string | null }>> {
    await this.schedule.publishDue();
    return this.posts.visibleIndex(offset, limit);
  }

  /** The newest visible posts in one language (its feed). */
  async latest(language: Language, limit: number): Promise<PublicPost[]> {
    await this.schedule.publishDue();
    return (await this.posts.latestVisible(language, limit)).map(publicPost);
  }

  /** Publishes the scheduled posts due now (a content bundle's worker then reads what visitors see). */
  async publishDue(): Promise<void> {
    await this.schedule.publishDue();
  }

  /** Every visible post with its author, oldest first, in batches of `size` (visible-batches.ts). */
  async *allInBatches(size = 500): AsyncGenerator<Post[]> {
    await this.schedule.publishDue();
    yield* visibleInBatches(this.posts, size);
  }

  /** The visible ones of these posts, with their authors, oldest first (a bundle of what changed). */
  async someWhole(ids: string[]): Promise<Post[]> {
    await this.schedule.publishDue();
    return someVisible(this.posts, ids);
  }

  private kept(key: string, read: () => Promise<VisiblePage>): Promise<PostPageJson> {
    return this.pages.get(key, async () => {
      const page = await read();
      const posts = await Promise.all(page.posts.map((post) => this.widths.annotate(publicPost(post), picturesOfPost(post))));
      return Buffer.from(JSON.stringify({ posts, pages: page.pages, ...(page.more ? { more: true } : {}) }));
    });
  }
}
