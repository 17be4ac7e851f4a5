// Making a bundle at headquarters: everything visitors may see (or, with `since`, what changed
// after an earlier bundle), their uploads, a manifest of checksums, signed. The posts are
// PublicPosts' answer, the one rule of what visitors may see, read a batch at a time and written
// to content.json as they come (content-file.ts): the site is never in memory. Page texts, places,
// numbers and contacts are public whole (and few). Each bundle made is recorded with the
// fingerprints of everything it described, and with the number of the last change of posts logged
// (content_bundle_log): a bundle `since` it reads only the posts changed after that number.
import { rmSync } from 'node:fs';
import { stampedId } from '@shared/ids';
import { writeBundle, type WrittenBundle } from './archive';
import { writeContentFile, type ContentParts } from './content-file';
import { BUNDLE_KINDS, itemIdOf, type BundleContent, type BundleKind, type BundleLimits, type PostItem, type Tombstone } from './format';
import type { SigningKey } from './keys';
import { bundleMessages, refused } from './messages';
import type { ContentBundleRepository } from './repository';
import type { BundleSite } from './site';
import { fingerprintOf, itemKey, snapshotOf, splitItemKey, type Snapshot } from './snapshot';
import { postItemOf, publicRecords } from './stores';

export interface ExportOptions {
  uploadsDir: string;
  signingKey: SigningKey;
  sourceName: string;
  /** A bundle id made here, or "last" for the newest one; absent for a full bundle. */
  since?: string | null;
  now?: Date;
  limits?: BundleLimits;
}

interface Base { bundleId: string; snapshot: Snapshot; logSeq: number | null }

/** The bundle id `since` names, or null for a full bundle; refuses an id not made here with this key. */
function resolveBase(repository: ContentBundleRepository, since: string | null | undefined, signingKey: SigningKey): Base | null {
  if (since === undefined || since === null || since === '') return null;
  const id = since === 'last' ? repository.latestExportId() : since;
  const base = id ? repository.findExport(id) : undefined;
  // A base signed by another key is unknown to the offices under this one: they would refuse the bundle.
  if (!base || base.sourceKey !== signingKey.publicKeyLine) throw refused(404, bundleMessages.unknownBase, 'since');
  return { bundleId: base.bundleId, snapshot: JSON.parse(base.snapshot) as Snapshot, logSeq: base.logSeq };
}

type Records = Omit<BundleContent, 'posts' | 'tombstones'>;
const RECORD_KINDS = BUNDLE_KINDS.filter((kind): kind is Exclude<BundleKind, 'posts'> => kind !== 'posts');

/**
 * Every visible post with its author, a batch at a time, as bundle items. After each batch the
 * event loop turns once (timers and requests first), so a site of 100,000 posts is read in
 * 200 short steps, never one long one.
 */
async function* everyPost(site: BundleSite): AsyncGenerator<PostItem[]> {
  for await (const batch of site.publicPosts.allInBatches()) {
    yield batch.map(postItemOf);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Everything a full bundle describes, the posts read as they are written (small sites and tests read it whole). */
export async function publishedContent(site: BundleSite): Promise<Omit<BundleContent, 'tombstones'>> {
  const posts: PostItem[] = [];
  for await (const batch of everyPost(site)) posts.push(...batch);
  return { posts, ...(await site.bundles.transaction(() => publicRecords(site.records))) };
}

/**
 * What changed since `base`, and the snapshot after it. Page texts, places, numbers and contacts
 * are compared whole. Posts: those logged after the base's number, compared with their
 * fingerprint (a view count or a save that changed nothing carried is not a change); a base made
 * before the log compares every post, a batch at a time.
 */
async function changesSince(site: BundleSite, base: Base, records: Records): Promise<{ parts: ContentParts; snapshot: Snapshot }> {
  // Parsed for this export alone, so updated in place: a copy of 100,000 keys held the event loop.
  // Each key is compared before it is written.
  const snapshot = base.snapshot;
  const tombstones: Tombstone[] = [];
  const changedRecords = {} as Records;
  await nextTurn();
  const postPrefix = itemKey('posts', '');
  const otherKeys = Object.keys(snapshot).filter((key) => !key.startsWith(postPrefix));
  for (const kind of RECORD_KINDS) {
    const now = snapshotOf({ posts: [], pages: [], cities: [], emergency: [], contacts: [], [kind]: records[kind] });
    (changedRecords[kind] as unknown[]) = (records[kind] as Array<{ id?: string; type?: string }>).filter((item) => snapshot[itemKey(kind, itemIdOf(kind, item))] !== now[itemKey(kind, itemIdOf(kind, item))]);
    for (const key of otherKeys) {
      if (splitItemKey(key).kind === kind && !(key in now)) { tombstones.push(splitItemKey(key)); delete snapshot[key]; }
    }
    Object.assign(snapshot, now);
  }
  const changedPosts: PostItem[] = [];
  const compare = (item: PostItem) => {
    const key = itemKey('posts', item.id);
    const fingerprint = fingerprintOf(item);
    if (snapshot[key] !== fingerprint) changedPosts.push(item);
    snapshot[key] = fingerprint;
  };
  if (base.logSeq !== null) {
    const logged = site.bundles.postsLoggedSince(base.logSeq);
    const visible = (await site.publicPosts.someWhole(logged)).map(postItemOf);
    const stillVisible = new Set(visible.map((item) => item.id));
    for (const item of visible) compare(item);
    for (const id of logged) {
      const key = itemKey('posts', id);
      if (!stillVisible.has(id) && key in snapshot) { tombstones.push({ kind: 'posts', id }); delete snapshot[key]; }
    }
  } else {
    const seen = new Set<string>();
    for await (const batch of everyPost(site)) for (const item of batch) { seen.add(item.id); compare(item); }
    for (const key of Object.keys(snapshot)) {
      const { kind, id } = splitItemKey(key);
      if (kind === 'posts' && !seen.has(id)) { tombstones.push({ kind, id }); delete snapshot[key]; }
    }
  }
  const parts: ContentParts = { posts: (async function* changed() { yield changedPosts; })(), ...changedRecords, tombstones };
  return { parts, snapshot };
}

/** One turn of the event loop between two long steps (parsing, then comparing, then writing a snapshot). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function exportBundle(outFile: string, site: BundleSite, options: ExportOptions): Promise<WrittenBundle> {
  const { bundles: repository } = site;
  const { signingKey } = options;
  const latestId = repository.latestExportId();
  const latest = latestId ? repository.findExport(latestId) : undefined;
  // Offices apply only bundles newer than the last one: each bundle is later than the one before,
  // even when two are made within a millisecond or the clock was set back.
  let now = options.now ?? new Date();
  if (latest && now.toISOString() <= latest.createdAt) now = new Date(Date.parse(latest.createdAt) + 1);
  const base = resolveBase(repository, options.since, signingKey);
  // Taken before the posts are read: a change made while they are is in this bundle or the next.
  const logSeq = repository.lastLogSeq();
  const records = await repository.transaction(() => publicRecords(site.records));
  const contentFile = `${outFile}.content.json`;
  let written: WrittenBundle;
  /** The fingerprints of everything the bundle describes, as the JSON text recorded. */
  let snapshot: string;
  try {
    let content;
    if (base) {
      const changes = await changesSince(site, base, records);
      await nextTurn();
      snapshot = JSON.stringify(changes.snapshot);
      content = await writeContentFile(contentFile, changes.parts);
    } else {
      // The snapshot's JSON text is built entry by entry (each item once): an object of 100,000
      // keys, stringified at the end, held the event loop and the heap at once.
      const entries: string[] = [];
      content = await writeContentFile(contentFile, { posts: everyPost(site), ...records, tombstones: [] },
        (kind, item) => { entries.push(`${JSON.stringify(itemKey(kind, itemIdOf(kind, item)))}:${JSON.stringify(fingerprintOf(item))}`); });
      snapshot = `{${entries.join(',')}}`;
    }
    const bundleId = stampedId(now);
    written = await writeBundle(outFile, {
      bundleId, baseBundleId: base?.bundleId ?? null, createdAt: now.toISOString(), sourceName: options.sourceName,
      content, uploadsDir: options.uploadsDir, signingKey, limits: options.limits,
    });
  } finally {
    rmSync(contentFile, { force: true });
  }
  try {
    await repository.transaction(() => repository.recordExport({
      bundleId: written.manifest.bundleId,
      baseBundleId: base?.bundleId ?? null,
      createdAt: now.toISOString(),
      sourceKey: signingKey.publicKeyLine,
      snapshot,
      counts: written.manifest.counts,
      logSeq,
    }));
  } catch (error) {
    // A bundle headquarters cannot continue from must not reach an office.
    rmSync(written.file, { force: true });
    throw error;
  }
  return written;
}
