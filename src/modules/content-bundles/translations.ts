// A bundle's translation links, set after every post of it is in (apply.ts), from what the first
// reading noted in the TEMP table bundle_posts of the worker's connection, a page of posts at a time.
import type SQLite from 'better-sqlite3';
import type { ApplyTarget } from './apply-target';

const SQL = {
  bundlePost: 'SELECT id, language, translation_of AS translationOf, unchanged, considered, wanted, before FROM temp.bundle_posts WHERE id = ?',
  postsAfter: 'SELECT id, language, translation_of AS translationOf, unchanged, considered, wanted, before FROM temp.bundle_posts WHERE id > ? ORDER BY id LIMIT ?',
  consider: 'UPDATE temp.bundle_posts SET considered = 1, wanted = ?, before = ? WHERE id = ?',
} as const;

interface BundlePostRow { id: string; language: string; translationOf: string | null; unchanged: number; considered: number; wanted: string | null; before: string | null }

/** Posts of the bundle a page at a time, in id order (the TEMP table's key): never all in memory. */
function* bundlePosts(sqlite: SQLite.Database): Generator<BundlePostRow> {
  const page = sqlite.prepare(SQL.postsAfter);
  for (let after = ''; ;) {
    const rows = page.all(after, 500) as BundlePostRow[];
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Sets the bundle posts' translation links, both ways, after every post is written (a link may
 * name a post later in the bundle). A link is made only between two published posts this source
 * brought, in different languages, that both name each other when both are in the bundle. A post
 * the office linked to one of its own posts (or to a post it keeps as a draft) is held: neither it
 * nor its counterpart changes, so a bundle never changes an office's own post. Every link is first
 * let go, then set, so the unique index never sees two posts naming the same one. Answers the
 * bundle posts that were unchanged and whose link changed.
 */
export function applyTranslations({ sqlite, bundles, records }: ApplyTarget, sourceKey: string): string[] {
  const stored = records.posts;
  const inBundle = sqlite.prepare(SQL.bundlePost);
  const consider = sqlite.prepare(SQL.consider);
  const isOurs = (id: string) => bundles.broughtBy(sourceKey, 'posts', id) && stored.link(id)?.state === 'published';
  const isHeld = (id: string) => {
    const linked = stored.link(id)?.translationOf ?? null;
    return (linked !== null && !isOurs(linked)) || stored.linkedTo(id).some((other) => !isOurs(other));
  };
  // Decided for every post before any link changes (isHeld reads the links as they were).
  for (const post of bundlePosts(sqlite)) {
    if (!isOurs(post.id) || isHeld(post.id)) continue;
    const target = post.translationOf;
    const counterpart = target === null ? undefined : inBundle.get(target) as BundlePostRow | undefined;
    const acceptable = target !== null && target !== post.id && isOurs(target) && !isHeld(target)
      && stored.link(target)?.language !== post.language
      && (!counterpart || counterpart.translationOf === post.id);
    consider.run(acceptable ? target : null, stored.link(post.id)?.translationOf ?? null, post.id);
  }

  const letGo = (id: string) => {
    for (const other of stored.linkedTo(id)) stored.setLink(other, null);
    stored.setLink(id, null);
  };
  for (const post of bundlePosts(sqlite)) {
    if (!post.considered || post.before === post.wanted) continue;
    letGo(post.id);
    if (post.wanted !== null) letGo(post.wanted);
  }
  const changed: string[] = [];
  for (const post of bundlePosts(sqlite)) {
    if (!post.considered) continue;
    if (post.wanted !== null && stored.link(post.id)?.translationOf !== post.wanted) {
      stored.setLink(post.id, post.wanted);
      stored.setLink(post.wanted, post.id);
    }
  }
  for (const post of bundlePosts(sqlite)) {
    if (post.considered && post.unchanged && (stored.link(post.id)?.translationOf ?? null) !== post.before) changed.push(post.id);
  }
  return changed;
}

