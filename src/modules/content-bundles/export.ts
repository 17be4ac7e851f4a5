// Making a bundle at headquarters: everything visitors may see (or, with `since`, what changed
// after an earlier bundle), their uploads, a manifest of checksums, signed. The posts are
// PublicPosts' answer, the one rule of what visitors may see; page texts, places, numbers and
// contacts are public whole. Each bundle made is recorded with the fingerprints of everything it
// could describe at that moment, which is what `since` compares to.
import { rmSync } from 'node:fs';
import { stampedId } from '@shared/ids';
import { writeBundle, type WrittenBundle } from './archive';
import type { BundleContent, BundleLimits } from './format';
import type { SigningKey } from './keys';
import { bundleMessages, refused } from './messages';
import type { ContentBundleRepository } from './repository';
import type { BundleSite } from './site';
import { changesSince, snapshotOf, type Snapshot } from './snapshot';
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

/** The bundle id `since` names, or null for a full bundle; refuses an id not made here with this key. */
function resolveBase(repository: ContentBundleRepository, since: string | null | undefined, signingKey: SigningKey): { bundleId: string; snapshot: Snapshot } | null {
  if (since === undefined || since === null || since === '') return null;
  const id = since === 'last' ? repository.latestExportId() : since;
  const base = id ? repository.findExport(id) : undefined;
  // A base signed by another key is unknown to the offices under this one: they would refuse the bundle.
  if (!base || base.sourceKey !== signingKey.publicKeyLine) throw refused(404, bundleMessages.unknownBase, 'since');
  return { bundleId: base.bundleId, snapshot: JSON.parse(base.snapshot) as Snapshot };
}

/** Everything a full bundle describes: visible posts with their authors, and the public records. */
export async function publishedContent(site: BundleSite): Promise<Omit<BundleContent, 'tombstones'>> {
  const posts = (await site.publicPosts.all()).map(postItemOf);
  return { posts, ...(await site.bundles.transaction(() => publicRecords(site.records))) };
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
  const published = await publishedContent(site);
  const content = base ? changesSince(base.snapshot, published) : { ...published, tombstones: [] };
  const bundleId = stampedId(now);
  const written = await writeBundle(outFile, {
    bundleId,
    baseBundleId: base?.bundleId ?? null,
    createdAt: now.toISOString(),
    sourceName: options.sourceName,
    content,
    uploadsDir: options.uploadsDir,
    signingKey,
    limits: options.limits,
  });
  try {
    await repository.transaction(() => repository.recordExport({
      bundleId,
      baseBundleId: base?.bundleId ?? null,
      createdAt: now.toISOString(),
      sourceKey: signingKey.publicKeyLine,
      snapshot: JSON.stringify(snapshotOf(published)),
      counts: written.manifest.counts,
    }));
  } catch (error) {
    // A bundle headquarters cannot continue from must not reach an office.
    rmSync(written.file, { force: true });
    throw error;
  }
  return written;
}
