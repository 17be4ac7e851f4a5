// Making a bundle at headquarters: every published item (or, with `since`, what changed after an
// earlier bundle), their uploads, a manifest of checksums, signed. Each bundle made is recorded
// with the fingerprints of everything published at that moment, which is what `since` compares to.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { backupTimestamp } from '../backup/create';
import type { ContentBundleRepository } from '../modules/content-bundles/repository';
import { writeBundle, type WrittenBundle } from './archive';
import type { BundleLimits } from './format';
import type { SigningKey } from './keys';
import { bundleMessages, refused } from './messages';
import { changesSince, snapshotOf, type Snapshot } from './snapshot';

export interface ExportOptions {
  repository: ContentBundleRepository;
  uploadsDir: string;
  signingKey: SigningKey;
  sourceName: string;
  /** A bundle id made here, or "last" for the newest one; absent for a full bundle. */
  since?: string | null;
  now?: Date;
  limits?: BundleLimits;
}

export function newBundleId(now: Date): string {
  return `${backupTimestamp(now)}-${randomBytes(3).toString('hex')}`;
}

/** The bundle id `since` names, or null for a full bundle; refuses an id not made here with this key. */
export function resolveBase(repository: ContentBundleRepository, since: string | null | undefined, signingKey: SigningKey): { bundleId: string; snapshot: Snapshot } | null {
  if (since === undefined || since === null || since === '') return null;
  const id = since === 'last' ? repository.latestExportId() : since;
  const base = id ? repository.findExport(id) : undefined;
  // A base signed by another key is unknown to the offices under this one: they would refuse the bundle.
  if (!base || base.sourceKey !== signingKey.publicKeyLine) throw refused(404, bundleMessages.unknownBase, 'since');
  return { bundleId: base.bundleId, snapshot: JSON.parse(base.snapshot) as Snapshot };
}

export async function exportBundle(outFile: string, options: ExportOptions): Promise<WrittenBundle> {
  const { repository, signingKey } = options;
  const latestId = repository.latestExportId();
  const latest = latestId ? repository.findExport(latestId) : undefined;
  // Offices apply only bundles newer than the last one: each bundle is later than the one before,
  // even when two are made within a millisecond or the clock was set back.
  let now = options.now ?? new Date();
  if (latest && now.toISOString() <= latest.createdAt) now = new Date(Date.parse(latest.createdAt) + 1);
  const base = resolveBase(repository, options.since, signingKey);
  const published = await repository.transaction(() => repository.publishedContent());
  const content = base ? changesSince(base.snapshot, published) : { ...published, tombstones: [] };
  const bundleId = newBundleId(now);
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
