// Importing a bundle at a field office: check everything, then change everything at once.
//  1. unpack into a stage folder inside DATA_DIR and verify (archive.ts): signature, checksums, shape;
//  2. refuse a replay, an older bundle, or an incremental bundle whose base is not the last one applied;
//  3. refuse if a file of the bundle would replace a different file of the same name;
//  4. copy the new uploads in (fsync'd, never over an existing name) and write each image's
//     responsive variants from it (variants never travel: the bundle stays small);
//  5. one transaction: apply the items through the content modules' record stores, record the
//     bundle; on failure the copied files are removed;
//  6. then announce what changed (every cache of public answers drops it), remove files nothing
//     shows any more, and write the audit log.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { BOTH_LANGUAGES, type ContentKind } from '../../content-changes';
import type { AuditActor } from '../audit/repository';
import { expectedVariantNames, writeVariants } from '../uploads/images';
import { removeUnreferencedUploads, TEMP_PREFIX } from '../uploads/storage';
import { nowIso } from '@shared/ids';
import { applyContent } from './apply';
import { readVerifiedBundle, uploadsOf, type StagedFile, type VerifiedBundle } from './archive';
import { BUNDLE_KINDS, type BundleKind, type BundleLimits } from './format';
import { bundleMessages, refused } from './messages';
import { eachConcurrently } from './pool';
import type { ContentBundleRepository } from './repository';
import type { ImportReport } from './schema';
import type { BundleSite } from './site';

/** What an import changed: the API's answer (its schema is the one definition). */
export type { ImportReport };

export interface ImportOptions {
  dataDir: string;
  uploadsDir: string;
  trustedKeys: ReadonlySet<string>;
  /** Who imports: a logged-in admin, or the command line. */
  actor: AuditActor;
  limits?: BundleLimits;
}

/** The content-changes kind of each bundle kind. */
const CHANGE_KINDS: Record<BundleKind, ContentKind> = { posts: 'posts', pages: 'page-texts', cities: 'cities', emergency: 'emergency', contacts: 'contacts' };

/** Refuses a bundle that was applied already, is not newer than the last one of its source, or misses its base. */
function checkOrder(repository: ContentBundleRepository, bundle: VerifiedBundle): void {
  const { bundleId, baseBundleId, createdAt } = bundle.manifest;
  if (repository.findImport(bundleId)) throw refused(409, bundleMessages.alreadyApplied, 'bundle');
  const last = repository.lastImportFrom(bundle.sourceKey);
  if (last && createdAt <= last.createdAt) throw refused(409, bundleMessages.olderThanApplied, 'bundle');
  // Only the last bundle applied is a sound base: changes made between two earlier bundles would be lost.
  if (baseBundleId !== null && last?.bundleId !== baseBundleId) throw refused(409, bundleMessages.baseMissing, 'bundle');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** The bundle's files the office does not have yet; refuses when a different file holds one's name. */
async function filesToCopy(bundle: VerifiedBundle, uploadsDir: string): Promise<StagedFile[]> {
  const needed: StagedFile[] = [];
  for (const publicPath of uploadsOf(bundle.content)) {
    const staged = bundle.files.get(publicPath);
    if (!staged) continue; // missing at headquarters too
    const target = path.join(uploadsDir, staged.name);
    const existing = statSync(target, { throwIfNoEntry: false });
    if (!existing) { needed.push(staged); continue; }
    if (!existing.isFile() || existing.size !== staged.size || (await sha256Of(target)) !== staged.sha256) {
      throw refused(409, bundleMessages.fileConflict, 'bundle');
    }
  }
  return needed;
}

async function fsyncPath(target: string, flags: string): Promise<void> {
  const handle = await open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Several files at once: fsyncs then share the file system's journal commits, and the server keeps answering. */
const COPY_CONCURRENCY = 8;

/** Brings each file in under its own name, flushed to disk; a name taken meanwhile is never overwritten. */
async function copyUploads(files: StagedFile[], uploadsDir: string): Promise<string[]> {
  await mkdir(uploadsDir, { recursive: true });
  const created: string[] = [];
  const copyOne = async (file: StagedFile) => {
    const target = path.join(uploadsDir, file.name);
    // The stage folder is in DATA_DIR, so the checked file itself usually becomes the upload (a hard
    // link: no second copy of the bytes). link() fails with EEXIST rather than replacing a file.
    await fsyncPath(file.stagedPath, 'r+');
    try {
      await link(file.stagedPath, target);
    } catch (error) {
      if (!['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      // uploads/ on another file system: copy under a temporary name, flush, then link the final name.
      const temp = path.join(uploadsDir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
      await copyFile(file.stagedPath, temp);
      try {
        await fsyncPath(temp, 'r+');
        await link(temp, target);
      } finally {
        await unlink(temp);
      }
    }
    created.push(target);
  };
  try {
    await eachConcurrently(files, COPY_CONCURRENCY, copyOne);
    // The new names themselves must survive a power cut (directories cannot be fsync'd on Windows).
    if (process.platform !== 'win32') await fsyncPath(uploadsDir, 'r');
    return created;
  } catch (error) {
    for (const file of created) rmSync(file, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw refused(409, bundleMessages.fileConflict, 'bundle');
    throw error;
  }
}

/** Images are written one or two at a time: the office's two cores keep answering visitors. */
const VARIANT_CONCURRENCY = 2;

/**
 * Gives every image of the bundle that lacks them its responsive variants, made at the office
 * from headquarters' file (which is never rewritten: the next bundle must find the same bytes,
 * and with its variants present the start-up upgrade of older images leaves it alone). Answers
 * the variant files written, and the images that could not be read (their original stands in
 * for their variants, as for any older image).
 */
async function writeMissingVariants(bundle: VerifiedBundle, uploadsDir: string): Promise<{ written: string[]; unreadable: string[] }> {
  const written: string[] = [];
  const unreadable: string[] = [];
  const images = uploadsOf(bundle.content).map((publicPath) => bundle.files.get(publicPath)?.name)
    .filter((name): name is string => name !== undefined && !name.endsWith('.pdf'));
  await eachConcurrently(images, VARIANT_CONCURRENCY, async (name) => {
    const variants = await expectedVariantNames(uploadsDir, name);
    if (variants.every((variant) => statSync(path.join(uploadsDir, variant), { throwIfNoEntry: false }))) return;
    try {
      await writeVariants(uploadsDir, name);
      written.push(...variants.map((variant) => path.join(uploadsDir, variant)));
    } catch (error) {
      if (typeof (error as NodeJS.ErrnoException).syscall === 'string') throw error; // a failing disk stops the import
      unreadable.push(name);
    }
  });
  return { written, unreadable };
}

function summaryForAudit(report: ImportReport): Record<string, unknown> {
  const changes: Record<string, unknown> = { source: report.sourceName, base: report.baseBundleId };
  for (const kind of BUNDLE_KINDS) {
    const { added, updated, deleted } = report.changes[kind];
    if (added + updated + deleted > 0) changes[kind] = { added, updated, deleted };
  }
  if (report.keptDrafts > 0) changes.keptDrafts = report.keptDrafts;
  if (report.keptOwn > 0) changes.keptOwn = report.keptOwn;
  if (report.replacedCities.length > 0) changes.replacedCities = report.replacedCities;
  return changes;
}

/** Verifies and applies one bundle file; throws BundleRefusedError with nothing changed when it is refused. */
export async function importBundle(archive: string, site: BundleSite, options: ImportOptions): Promise<ImportReport> {
  const { bundles: repository } = site;
  const { uploadsDir } = options;
  // Staged inside DATA_DIR: a small /tmp is never filled, and the size bounds apply before anything is kept.
  const stageDir = mkdtempSync(path.join(options.dataDir, '.content-import-'));
  try {
    const bundle = await readVerifiedBundle(archive, path.join(stageDir, 'unpacked'), options.trustedKeys, options.limits);
    checkOrder(repository, bundle);
    const created = await copyUploads(await filesToCopy(bundle, uploadsDir), uploadsDir);
    let variants: { written: string[]; unreadable: string[] };
    try {
      variants = await writeMissingVariants(bundle, uploadsDir);
    } catch (error) {
      for (const file of created) rmSync(file, { force: true });
      throw error;
    }
    const copiedCount = created.length;
    created.push(...variants.written);
    const { manifest } = bundle;
    let report: ImportReport;
    let previousFiles: string[];
    let changedIds: Record<BundleKind, string[]>;
    try {
      ({ report, previousFiles, changedIds } = await repository.transaction(() => {
        checkOrder(repository, bundle); // again inside the transaction: another import may have finished meanwhile
        const applied = applyContent(site, bundle.sourceKey, bundle.content, manifest.baseBundleId === null);
        const done: ImportReport = {
          bundleId: manifest.bundleId,
          baseBundleId: manifest.baseBundleId,
          createdAt: manifest.createdAt,
          sourceName: manifest.source.name,
          sourceKey: bundle.sourceKey,
          appliedAt: nowIso(),
          changes: applied.changes,
          keptDrafts: applied.keptDrafts,
          keptOwn: applied.keptOwn,
          replacedCities: applied.replacedCities,
          files: { copied: copiedCount, alreadyPresent: uploadsOf(bundle.content).filter((p) => bundle.files.has(p)).length - copiedCount },
        };
        repository.recordImport({ ...done, report: done });
        return { report: done, previousFiles: applied.previousFiles, changedIds: applied.changedIds };
      }));
    } catch (error) {
      for (const file of created) rmSync(file, { force: true });
      throw error;
    }
    for (const kind of BUNDLE_KINDS) {
      if (changedIds[kind].length > 0) site.changes.announce({ kind: CHANGE_KINDS[kind], cause: 'bundle', ids: changedIds[kind], languages: BOTH_LANGUAGES });
    }
    await removeUnreferencedUploads(site.db, uploadsDir, previousFiles);
    const summary = summaryForAudit(report);
    if (variants.unreadable.length > 0) summary.imagesWithoutVariants = variants.unreadable;
    await site.audit.record(options.actor, 'create', 'content-bundle', report.bundleId, summary, report.sourceName);
    return report;
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}
