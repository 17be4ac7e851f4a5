// Applies checked bundle content to the office's database, inside the caller's transaction,
// through each content module's record store (stores.ts).
// Rules:
// - items are created or replaced under the source's own ids (upsert); identical items are left alone;
// - an item the office made itself is never changed or deleted, even when a bundle carries its id
//   (an item is the office's own when it exists here and no source ever brought it; page texts,
//   one per type, are the exception: headquarters' text of a type is the text of that type);
// - an incremental bundle deletes what its tombstones name, a full bundle what the same source
//   brought before and no longer has; neither ever deletes the office's own content;
// - a post the office keeps as a draft is never touched, whatever the bundle says;
// - a city of the bundle takes the place of an office city with the same name (names are unique);
// - a new post arrives with headquarters' view count, an updated one keeps the office's own;
// - translation links are set once every post is in, only between published posts of the same
//   source; a link the office made to a post of its own (or to a draft it keeps) stays as it is.
import { BUNDLE_KINDS, filesOfItem, itemIdOf, PARKED_CITY_PREFIX, type BundleContent, type BundleKind, type CityItem, type PostItem } from './format';
import type { ContentBundleRepository } from './repository';
import { itemKey, sameContent, splitItemKey } from './snapshot';
import { deleteItem, localItem, writeItem, type AnyItem, type ContentRecords } from './stores';

/** The bundle's own records (what each source brought) and the content modules' record stores. */
export interface ApplyTarget {
  bundles: ContentBundleRepository;
  records: ContentRecords;
}

interface KindChanges {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

interface AppliedChanges {
  changes: Record<BundleKind, KindChanges>;
  /** Posts the bundle would have changed or removed, kept because the office holds them as drafts. */
  keptDrafts: number;
  /** Items the bundle carried under the id of an item the office made itself, left as the office has them. */
  keptOwn: number;
  /** Office cities removed because a bundle city has their name. */
  replacedCities: string[];
  /** Upload paths that records showed before and may no longer show (removed if nothing else does). */
  previousFiles: string[];
  /** The items added, changed or removed, by kind: what visitors see differently now. */
  changedIds: Record<BundleKind, string[]>;
}

function noIds(): Record<BundleKind, string[]> {
  return Object.fromEntries(BUNDLE_KINDS.map((kind) => [kind, []])) as unknown as Record<BundleKind, string[]>;
}

function noChanges(): Record<BundleKind, KindChanges> {
  return Object.fromEntries(BUNDLE_KINDS.map((kind) => [kind, { added: 0, updated: 0, deleted: 0, unchanged: 0 }])) as Record<BundleKind, KindChanges>;
}

export function applyContent({ bundles, records }: ApplyTarget, sourceKey: string, content: BundleContent, full: boolean): AppliedChanges {
  const result: AppliedChanges = { changes: noChanges(), keptDrafts: 0, keptOwn: 0, replacedCities: [], previousFiles: [], changedIds: noIds() };
  const officeOwn = (kind: BundleKind, id: string) => kind !== 'pages' && localItem(records, kind, id) !== undefined && !bundles.broughtByAnySource(kind, id);
  // Decided before anything is written: the bundle's own items are remembered as it goes.
  const keptOwn = new Set<string>();
  for (const kind of BUNDLE_KINDS) {
    for (const item of content[kind]) if (officeOwn(kind, itemIdOf(kind, item))) keptOwn.add(itemKey(kind, itemIdOf(kind, item)));
  }
  // A full bundle removes what the source brought before and no longer has: every item it brought
  // is read. An incremental one asks only of its tombstones, each one index step.
  let removals: string[];
  if (full) {
    const inBundle = new Set<string>();
    for (const kind of BUNDLE_KINDS) for (const item of content[kind]) inBundle.add(itemKey(kind, itemIdOf(kind, item)));
    removals = [...bundles.itemsFromSource(sourceKey)].filter((key) => !inBundle.has(key));
  } else {
    removals = content.tombstones.filter((stone) => bundles.broughtBy(sourceKey, stone.kind, stone.id)).map((stone) => itemKey(stone.kind, stone.id));
  }

  for (const key of removals) {
    const { kind, id } = splitItemKey(key);
    const local = localItem(records, kind, id);
    if (local?.draft) { result.keptDrafts += 1; continue; }
    bundles.forgetItem(kind, id);
    if (!local) continue;
    deleteItem(records, kind, id);
    result.previousFiles.push(...filesOfItem(kind, local.item));
    result.changes[kind].deleted += 1;
    result.changedIds[kind].push(id);
  }

  freeCityNames({ bundles, records }, content.cities.filter((city) => !keptOwn.has(itemKey('cities', city.id))), result);

  const unchangedPosts = new Set<string>();
  for (const kind of BUNDLE_KINDS) {
    for (const item of content[kind] as AnyItem[]) {
      const id = itemIdOf(kind, item);
      // Never remembered as brought either: a later full bundle without it deletes nothing.
      if (keptOwn.has(itemKey(kind, id))) { result.keptOwn += 1; continue; }
      const local = localItem(records, kind, id);
      bundles.rememberItem(sourceKey, kind, id);
      if (local?.draft) { result.keptDrafts += 1; continue; }
      if (local && sameContent(local.item, item)) {
        result.changes[kind].unchanged += 1;
        if (kind === 'posts') unchangedPosts.add(id);
        continue;
      }
      writeItem(records, kind, item, !!local);
      result.changedIds[kind].push(id);
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
  for (const id of applyTranslations({ bundles, records }, sourceKey, content.posts)) {
    if (!unchangedPosts.has(id)) continue;
    result.changedIds.posts.push(id);
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
function applyTranslations({ bundles, records }: ApplyTarget, sourceKey: string, posts: PostItem[]): string[] {
  const stored = records.posts;
  const isOurs = (id: string) => bundles.broughtBy(sourceKey, 'posts', id) && stored.link(id)?.state === 'published';
  const isHeld = (id: string) => {
    const linked = stored.link(id)?.translationOf ?? null;
    return (linked !== null && !isOurs(linked)) || stored.linkedTo(id).some((other) => !isOurs(other));
  };
  const inBundle = new Map(posts.map((post) => [post.id, post]));
  const wanted = new Map<string, string | null>();
  for (const post of posts) {
    if (!isOurs(post.id) || isHeld(post.id)) continue;
    const target = post.translationOf;
    const acceptable = target !== null && target !== post.id && isOurs(target) && !isHeld(target)
      && stored.link(target)?.language !== post.language
      && (!inBundle.has(target) || inBundle.get(target)!.translationOf === post.id);
    wanted.set(post.id, acceptable ? target : null);
  }

  const before = new Map([...wanted.keys()].map((id) => [id, stored.link(id)?.translationOf ?? null]));
  const letGo = (id: string) => {
    for (const other of stored.linkedTo(id)) stored.setLink(other, null);
    stored.setLink(id, null);
  };
  for (const [id, target] of wanted) {
    if (before.get(id) === target) continue;
    letGo(id);
    if (target !== null) letGo(target);
  }
  for (const [id, target] of wanted) {
    if (target === null || stored.link(id)?.translationOf === target) continue;
    stored.setLink(id, target);
    stored.setLink(target, id);
  }
  return [...wanted.keys()].filter((id) => (stored.link(id)?.translationOf ?? null) !== before.get(id));
}

/**
 * City names are unique (without case). Bundle cities that change name first step aside, so two
 * cities may swap names; then an office city holding a name the bundle needs is removed.
 */
function freeCityNames({ bundles, records }: ApplyTarget, cities: CityItem[], result: AppliedChanges): void {
  // Not a NUL character: NOCASE stops comparing at one, so every parked name would collide.
  for (const city of cities) {
    const local = records.cities.find(city.id);
    if (local && local.name !== city.name) records.cities.rename(city.id, `${PARKED_CITY_PREFIX}${city.id}`);
  }
  const bundleIds = new Set(cities.map((city) => city.id));
  for (const city of cities) {
    const holder = records.cities.idNamed(city.name);
    if (!holder || holder === city.id || bundleIds.has(holder)) continue;
    const local = localItem(records, 'cities', holder);
    bundles.forgetItem('cities', holder);
    deleteItem(records, 'cities', holder);
    if (local) {
      result.previousFiles.push(...filesOfItem('cities', local.item));
      result.replacedCities.push((local.item as CityItem).name);
    }
    result.changes.cities.deleted += 1;
    result.changedIds.cities.push(holder);
  }
}
