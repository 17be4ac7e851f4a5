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
import { fingerprintOf, itemKey, splitItemKey } from './snapshot';
import { SnapshotText } from './snapshot-text';
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

interface Base { bundleId: string; snapshot: SnapshotText; logSeq: number | null }

/** The bundle `since` names, or null for a full bundle; refuses an id not made here with this key. */
function resolveBase(repository: ContentBundleRepository, since: string | null, signingKey: SigningKey): Base | null {
  if (since === null || since === '') return null;
  const id = since === 'last' ? repository.latestExportId() : since;
  const base = id ? repository.findExport(id) : undefined;
  // A base signed by another key is unknown to the offices under this one: they would refuse the bundle.
  if (!base || base.sourceKey !== signingKey.publicKeyLine) throw refused(404, bundleMessages.unknownBase, 'since');
  return { bundleId: base.bundleId, snapshot: new SnapshotText(base.snapshot), logSeq: base.logSeq };
}

type Records = Omit<BundleContent, 'posts' | 'tombstones'>;
const RECORD_KINDS = BUNDLE_KINDS.filter((kind): kind is Exclude<BundleKind, 'posts'> => kind !== 'posts');

async function* everyPost(posts: VisiblePosts): AsyncGenerator<PostItem[]> {
  for await (const batch of posts.allInBatches()) yield batch.map(postItemOf);
}

/**
 * What changed since `base`, and the snapshot after it (as its JSON text). Page texts, places,
 * numbers and contacts are compared whole. Posts: those logged after the base's number, compared
 * with their fingerprint (a view count or a save that changed nothing carried is not a change); a
 * base made before the log compares every post, a batch at a time. Only the entries of the items
 * compared are read from the base's snapshot, and only theirs are written anew.
 */
async function changesSince(source: ExportSource, base: Base, records: Records): Promise<{ parts: ContentParts; snapshot: string }> {
  const logged = base.logSeq === null ? null : new Set(source.bundles.postsLoggedSince(base.logSeq));
  const before = base.snapshot.find((kind, id) => kind !== 'posts' || logged === null || logged.has(id));
  const after = new Map<string, string>();
  const changedRecords = {} as Records;
  for (const kind of RECORD_KINDS) {
    (changedRecords[kind] as unknown[]) = (records[kind] as Array<Records[typeof kind][number]>).filter((item) => {
      const key = itemKey(kind, itemIdOf(kind, item));
      after.set(key, fingerprintOf(item));
      return before.get(key) !== after.get(key);
    });
  }
  const changedPosts: PostItem[] = [];
  const compare = (item: PostItem) => {
    const key = itemKey('posts', item.id);
    const fingerprint = fingerprintOf(item);
    if (before.get(key) !== fingerprint) changedPosts.push(item);
    after.set(key, fingerprint);
  };
  if (logged !== null) {
    for (const item of (await source.posts.someWhole([...logged])).map(postItemOf)) compare(item);
  } else {
    for await (const batch of everyPost(source.posts)) for (const item of batch) compare(item);
  }
  // Described by the base and gone now (deleted, no longer published), kind by kind.
  const tombstones: Tombstone[] = [];
  for (const kind of [...RECORD_KINDS, 'posts'] as const) {
    for (const key of before.keys()) {
      const item = splitItemKey(key);
      if (item.kind === kind && !after.has(key)) tombstones.push(item);
    }
  }
  const parts: ContentParts = { posts: (async function* changed() { yield changedPosts; })(), ...changedRecords, tombstones };
  return { parts, snapshot: base.snapshot.edited(new Set(before.keys()), after) };
}

export async function makeBundle(request: MakeBundleRequest, source: ExportSource): Promise<WrittenBundle> {
  const { bundles: repository } = source;
  const { outFile, signingKey } = request;
  const latest = repository.latestExport();
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
      snapshot = changes.snapshot;
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
