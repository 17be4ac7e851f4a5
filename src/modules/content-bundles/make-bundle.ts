// Making a bundle at headquarters, in the bundle worker thread (bundle-worker.ts; export.ts hands
// it over): everything visitors may see (or, with `since`, what changed after an earlier bundle),
// their uploads, a manifest of checksums, signed. The posts are what visitors may see
// (posts/visible-batches.ts), read a batch at a time and written to content.json as they come
// (content-file.ts): the site is never in memory. Page texts, places, numbers and contacts are
// public whole (and few). Each bundle made is recorded with the fingerprints of everything it
// described, and with the number of the last change of posts logged (content_bundle_log): a
// bundle `since` it reads only the posts changed after that number.
import { rmSync } from 'node:fs';
import { stampedId } from '@shared/ids';
import type { Post } from '../posts/schema';
import { writeBundle, type WrittenBundle } from './archive';
import { writeContentFile, type ContentParts } from './content-file';
import { BUNDLE_KINDS, itemIdOf, type BundleContent, type BundleKind, type BundleLimits, type PostItem, type Tombstone } from './format';
import type { SigningKey } from './keys';
import { bundleMessages, refused } from './messages';
import type { ContentBundleRepository } from './repository';
import { fingerprintOf, itemKey, snapshotOf, splitItemKey, type Snapshot } from './snapshot';
import { postItemOf, publicRecords, type ContentRecords } from './stores';

/** The visible posts with their authors, oldest first. */
export interface VisiblePosts {
  allInBatches(): AsyncIterable<Post[]>;
  someWhole(ids: string[]): Promise<Post[]>;
}

/** What a bundle is made from: the bundles' own records, the content modules' stores, the visible posts. */
export interface ExportSource {
  bundles: ContentBundleRepository;
  records: ContentRecords;
  posts: VisiblePosts;
}

export interface MakeBundleRequest {
  outFile: string;
  uploadsDir: string;
  signingKey: SigningKey;
  sourceName: string;
  /** A bundle id made here, or "last" for the newest one; null for a full bundle. */
  since: string | null;
  /** ISO time; absent: now. */
  now?: string;
  limits?: BundleLimits;
}

interface Base { bundleId: string; snapshot: Snapshot; logSeq: number | null }

/** The bundle `since` names, or null for a full bundle; refuses an id not made here with this key. */
function resolveBase(repository: ContentBundleRepository, since: string | null, signingKey: SigningKey): Base | null {
  if (since === null || since === '') return null;
  const id = since === 'last' ? repository.latestExportId() : since;
  const base = id ? repository.findExport(id) : undefined;
  // A base signed by another key is unknown to the offices under this one: they would refuse the bundle.
  if (!base || base.sourceKey !== signingKey.publicKeyLine) throw refused(404, bundleMessages.unknownBase, 'since');
  return { bundleId: base.bundleId, snapshot: JSON.parse(base.snapshot) as Snapshot, logSeq: base.logSeq };
}

type Records = Omit<BundleContent, 'posts' | 'tombstones'>;
const RECORD_KINDS = BUNDLE_KINDS.filter((kind): kind is Exclude<BundleKind, 'posts'> => kind !== 'posts');

async function* everyPost(posts: VisiblePosts): AsyncGenerator<PostItem[]> {
  for await (const batch of posts.allInBatches()) yield batch.map(postItemOf);
}

/**
 * What changed since `base`, and the snapshot after it. Page texts, places, numbers and contacts
 * are compared whole. Posts: those logged after the base's number, compared with their
 * fingerprint (a view count or a save that changed nothing carried is not a change); a base made
 * before the log compares every post, a batch at a time.
 */
async function changesSince(source: ExportSource, base: Base, records: Records): Promise<{ parts: ContentParts; snapshot: Snapshot }> {
  // Parsed for this export alone, so updated in place (a copy of 100,000 keys would double it).
  const snapshot = base.snapshot;
  const tombstones: Tombstone[] = [];
  const changedRecords = {} as Records;
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
    const logged = source.bundles.postsLoggedSince(base.logSeq);
    const visible = (await source.posts.someWhole(logged)).map(postItemOf);
    const stillVisible = new Set(visible.map((item) => item.id));
    for (const item of visible) compare(item);
    for (const id of logged) {
      const key = itemKey('posts', id);
      if (!stillVisible.has(id) && key in snapshot) { tombstones.push({ kind: 'posts', id }); delete snapshot[key]; }
    }
  } else {
    const seen = new Set<string>();
    for await (const batch of everyPost(source.posts)) for (const item of batch) { seen.add(item.id); compare(item); }
    for (const key of Object.keys(snapshot)) {
      const { kind, id } = splitItemKey(key);
      if (kind === 'posts' && !seen.has(id)) { tombstones.push({ kind, id }); delete snapshot[key]; }
    }
  }
  const parts: ContentParts = { posts: (async function* changed() { yield changedPosts; })(), ...changedRecords, tombstones };
  return { parts, snapshot };
}

export async function makeBundle(request: MakeBundleRequest, source: ExportSource): Promise<WrittenBundle> {
  const { bundles: repository } = source;
  const { outFile, signingKey } = request;
  const latestId = repository.latestExportId();
  const latest = latestId ? repository.findExport(latestId) : undefined;
  // Offices apply only bundles newer than the last one: each bundle is later than the one before,
  // even when two are made within a millisecond or the clock was set back.
  let now = request.now ? new Date(request.now) : new Date();
  if (latest && now.toISOString() <= latest.createdAt) now = new Date(Date.parse(latest.createdAt) + 1);
  const base = resolveBase(repository, request.since, signingKey);
  // Taken before the posts are read: a change made while they are is in this bundle or the next.
  const logSeq = repository.lastLogSeq();
  const records = await repository.transaction(() => publicRecords(source.records));
  const contentFile = `${outFile}.content.json`;
  let written: WrittenBundle;
  /** The fingerprints of everything the bundle describes, as the JSON text recorded. */
  let snapshot: string;
  try {
    let content;
    if (base) {
      const changes = await changesSince(source, base, records);
      snapshot = JSON.stringify(changes.snapshot);
      content = await writeContentFile(contentFile, changes.parts);
    } else {
      // The snapshot's JSON text is built entry by entry (each item once), not as an object of
      // 100,000 keys stringified at the end.
      const entries: string[] = [];
      content = await writeContentFile(contentFile, { posts: everyPost(source.posts), ...records, tombstones: [] },
        (kind, item) => { entries.push(`${JSON.stringify(itemKey(kind, itemIdOf(kind, item)))}:${JSON.stringify(fingerprintOf(item))}`); });
      snapshot = `{${entries.join(',')}}`;
    }
    written = await writeBundle(outFile, {
      bundleId: stampedId(now), baseBundleId: base?.bundleId ?? null, createdAt: now.toISOString(), sourceName: request.sourceName,
      content, uploadsDir: request.uploadsDir, signingKey, limits: request.limits,
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
