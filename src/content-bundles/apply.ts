// Applies checked bundle content to the office's database, inside the caller's transaction.
// Rules:
// - items are created or replaced under the source's own ids (upsert); identical items are left alone;
// - an incremental bundle deletes what its tombstones name, a full bundle what the same source
//   brought before and no longer has; neither ever deletes the office's own content;
// - a post the office keeps as a draft is never touched, whatever the bundle says;
// - a city of the bundle takes the place of an office city with the same name (names are unique);
// - a new post arrives with headquarters' view count, an updated one keeps the office's own;
// - translation links are set once every post is in, only between published posts of the same
//   source; a link the office made to a post of its own (or to a draft it keeps) stays as it is.
import type { AnyItem, ContentBundleRepository } from '../modules/content-bundles/repository';
import { BUNDLE_KINDS, filesOfItem, itemIdOf, type BundleContent, type BundleKind, type CityItem, type PostItem } from './format';
import { itemKey, sameContent, splitItemKey } from './snapshot';

export interface KindChanges {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

export interface AppliedChanges {
  changes: Record<BundleKind, KindChanges>;
  /** Posts the bundle would have changed or removed, kept because the office holds them as drafts. */
  keptDrafts: number;
  /** Office cities removed because a bundle city has their name. */
  replacedCities: string[];
  /** Upload paths that records showed before and may no longer show (removed if nothing else does). */
  previousFiles: string[];
}

function noChanges(): Record<BundleKind, KindChanges> {
  return Object.fromEntries(BUNDLE_KINDS.map((kind) => [kind, { added: 0, updated: 0, deleted: 0, unchanged: 0 }])) as Record<BundleKind, KindChanges>;
}

export function applyContent(repository: ContentBundleRepository, sourceKey: string, content: BundleContent, full: boolean): AppliedChanges {
  const result: AppliedChanges = { changes: noChanges(), keptDrafts: 0, replacedCities: [], previousFiles: [] };
  const broughtBefore = repository.itemsFromSource(sourceKey);

  const inBundle = new Set<string>();
  for (const kind of BUNDLE_KINDS) for (const item of content[kind]) inBundle.add(itemKey(kind, itemIdOf(kind, item)));
  const removals = full
    ? [...broughtBefore].filter((key) => !inBundle.has(key))
    : content.tombstones.map((stone) => itemKey(stone.kind, stone.id)).filter((key) => broughtBefore.has(key));

  for (const key of removals) {
    const { kind, id } = splitItemKey(key);
    const local = repository.localItem(kind, id);
    if (local?.draft) { result.keptDrafts += 1; continue; }
    repository.forgetItem(kind, id);
    if (!local) continue;
    repository.deleteItem(kind, id);
    result.previousFiles.push(...filesOfItem(kind, local.item));
    result.changes[kind].deleted += 1;
  }

  freeCityNames(repository, content.cities, result);

  const unchangedPosts = new Set<string>();
  for (const kind of BUNDLE_KINDS) {
    for (const item of content[kind] as AnyItem[]) {
      const id = itemIdOf(kind, item);
      const local = repository.localItem(kind, id);
      repository.rememberItem(sourceKey, kind, id);
      if (local?.draft) { result.keptDrafts += 1; continue; }
      if (local && sameContent(local.item, item)) {
        result.changes[kind].unchanged += 1;
        if (kind === 'posts') unchangedPosts.add(id);
        continue;
      }
      repository.writeItem(kind, item, !!local);
      if (local) {
        const kept = new Set(filesOfItem(kind, item));
        result.previousFiles.push(...filesOfItem(kind, local.item).filter((file) => !kept.has(file)));
        result.changes[kind].updated += 1;
      } else {
        result.changes[kind].added += 1;
      }
    }
  }
  // A post whose only change is its link counts as updated.
  for (const id of applyTranslations(repository, sourceKey, content.posts)) {
    if (!unchangedPosts.has(id)) continue;
    result.changes.posts.unchanged -= 1;
    result.changes.posts.updated += 1;
  }
  result.previousFiles = [...new Set(result.previousFiles)].filter((file) => file !== '');
  return result;
}

/**
 * Sets the bundle posts' translation links, both ways, after every post is written (a link may
 * name a post later in the bundle). A link is made only between two published posts this source
 * brought, in different languages, that both name each other when both are in the bundle. A post
 * the office linked to one of its own posts (or to a post it keeps as a draft) is held: neither it
 * nor its counterpart changes, so a bundle never changes an office's own post. Every link is first
 * let go, then set, so the unique index never sees two posts naming the same one. Answers the
 * bundle posts whose link changed.
 */
function applyTranslations(repository: ContentBundleRepository, sourceKey: string, posts: PostItem[]): string[] {
  const fromSource = repository.itemsFromSource(sourceKey);
  const isOurs = (id: string) => fromSource.has(itemKey('posts', id)) && repository.postLink(id)?.state === 'published';
  const isHeld = (id: string) => {
    const linked = repository.postLink(id)?.translationOf ?? null;
    return (linked !== null && !isOurs(linked)) || repository.postsLinkedTo(id).some((other) => !isOurs(other));
  };
  const inBundle = new Map(posts.map((post) => [post.id, post]));
  const wanted = new Map<string, string | null>();
  for (const post of posts) {
    if (!isOurs(post.id) || isHeld(post.id)) continue;
    const target = post.translationOf;
    const acceptable = target !== null && target !== post.id && isOurs(target) && !isHeld(target)
      && repository.postLink(target)?.language !== post.language
      && (!inBundle.has(target) || inBundle.get(target)!.translationOf === post.id);
    wanted.set(post.id, acceptable ? target : null);
  }

  const before = new Map([...wanted.keys()].map((id) => [id, repository.postLink(id)?.translationOf ?? null]));
  const letGo = (id: string) => {
    for (const other of repository.postsLinkedTo(id)) repository.setTranslation(other, null);
    repository.setTranslation(id, null);
  };
  for (const [id, target] of wanted) {
    if (before.get(id) === target) continue;
    letGo(id);
    if (target !== null) letGo(target);
  }
  for (const [id, target] of wanted) {
    if (target === null || repository.postLink(id)?.translationOf === target) continue;
    repository.setTranslation(id, target);
    repository.setTranslation(target, id);
  }
  return [...wanted.keys()].filter((id) => (repository.postLink(id)?.translationOf ?? null) !== before.get(id));
}

/**
 * City names are unique (without case). Bundle cities that change name first step aside, so two
 * cities may swap names; then an office city holding a name the bundle needs is removed.
 */
function freeCityNames(repository: ContentBundleRepository, cities: CityItem[], result: AppliedChanges): void {
  for (const city of cities) {
    const local = repository.localItem('cities', city.id);
    if (local && !local.draft && (local.item as CityItem).name !== city.name) repository.parkCityName(city.id);
  }
  const bundleIds = new Set(cities.map((city) => city.id));
  for (const city of cities) {
    const holder = repository.cityIdNamed(city.name);
    if (!holder || holder === city.id || bundleIds.has(holder)) continue;
    const local = repository.localItem('cities', holder);
    repository.forgetItem('cities', holder);
    repository.deleteItem('cities', holder);
    if (local) {
      result.previousFiles.push(...filesOfItem('cities', local.item));
      result.replacedCities.push((local.item as CityItem).name);
    }
    result.changes.cities.deleted += 1;
  }
}
