// Importing a bundle at a field office: check everything, then change everything at once.
//  1. unpack into a stage folder inside DATA_DIR and verify (archive.ts): signature, checksums, shape;
//  2. refuse a replay, an older bundle, or an incremental bundle whose base is not the last one applied;
//  3. refuse if a file of the bundle would replace a different file of the same name;
//  4. copy the new uploads in (fsync'd, never over an existing name) and write each image's
//     responsive variants from it (variants never travel: the bundle stays small);
//  5. one transaction: apply the items through the content modules' record stores, record the
//     bundle; on failure the copied files are removed;
//  6. then announce what changed (every cache of public answers drops it), let the search index
//     catch up in the background, remove files nothing shows any more, and write the audit log.
// content.json is read item by item, twice (a check, then the transaction), in a worker thread
// with a connection of its own (bundle-thread.ts): the server's event loop never waits for it,
// and readers see the content as it was until the transaction commits.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, open, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { BOTH_LANGUAGES, type ContentKind } from '../../content-changes';
import type { AuditActor } from '../audit/repository';
import { expectedVariantNames, writeVariants } from '../uploads/images';
import { removeUnreferencedUploads, TEMP_PREFIX } from '../uploads/storage';
import { withoutWaitingForWrites } from '../../db/busy';
import { readVerifiedBundle, type StagedFile, type VerifiedBundle } from './archive';
import { BUNDLE_KINDS, type BundleKind, type BundleLimits } from './format';
import { BundleThread, type AppliedImport } from './bundle-thread';
import { bundleMessages, refused } from './messages';
import { checkOrder, type BundleOrder } from './order';
import { eachConcurrently } from './pool';
import type { ImportReport } from './schema';
import type { BundleSite } from './site';

/** What an import changed: the API's answer (its schema is the one definition). */
export type { ImportReport };

export interface ImportOptions {
  dataDir: string;
  /** The site's database: the import's worker opens its own connection to it. */
  databaseFile: string;
  uploadsDir: string;
  trustedKeys: ReadonlySet<string>;
  /** Who imports: a logged-in admin, or the command line. */
  actor: AuditActor;
  limits?: BundleLimits;
  /** The worker thread's heap (tests make it smaller than the bundle). */
  workerHeapMb?: number;
}

/** The content-changes kind of each bundle kind. */
const CHANGE_KINDS: Record<BundleKind, ContentKind> = { posts: 'posts', pages: 'page-texts', cities: 'cities', emergency: 'emergency', contacts: 'contacts' };

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** The bundle's files the office does not have yet; refuses when a different file holds one's name. */
async function filesToCopy(bundle: VerifiedBundle, uploads: string[], uploadsDir: string): Promise<StagedFile[]> {
  const needed: StagedFile[] = [];
  for (const publicPath of uploads) {
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
async function writeMissingVariants(bundle: VerifiedBundle, uploads: string[], uploadsDir: string): Promise<{ written: string[]; unreadable: string[] }> {
  const written: string[] = [];
  const unreadable: string[] = [];
  const images = uploads.map((publicPath) => bundle.files.get(publicPath)?.name)
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
  const { uploadsDir } = options;
  // Staged inside DATA_DIR: a small /tmp is never filled, and the size bounds apply before anything is kept.
  const stageDir = mkdtempSync(path.join(options.dataDir, '.content-import-'));
  let thread: BundleThread | null = null;
  try {
    const bundle = await readVerifiedBundle(archive, path.join(stageDir, 'unpacked'), options.trustedKeys, options.limits);
    const { manifest } = bundle;
    const order: BundleOrder = { bundleId: manifest.bundleId, baseBundleId: manifest.baseBundleId, createdAt: manifest.createdAt, sourceKey: bundle.sourceKey };
    checkOrder(site.bundles, order);
    thread = new BundleThread({ databaseFile: options.databaseFile }, options.workerHeapMb);
    const { uploads } = await thread.check(bundle.contentFile);
    const created = await copyUploads(await filesToCopy(bundle, uploads, uploadsDir), uploadsDir);
    let variants: { written: string[]; unreadable: string[] };
    try {
      variants = await writeMissingVariants(bundle, uploads, uploadsDir);
    } catch (error) {
      for (const file of created) rmSync(file, { force: true });
      throw error;
    }
    const files = { copied: created.length, alreadyPresent: uploads.filter((p) => bundle.files.has(p)).length - created.length };
    created.push(...variants.written);
    let applied: AppliedImport;
    try {
      const worker = thread;
      applied = await withoutWaitingForWrites(site.sqlite, () => worker.apply({ contentFile: bundle.contentFile, order, sourceName: manifest.source.name, files }));
    } catch (error) {
      for (const file of created) rmSync(file, { force: true });
      throw error;
    }
    const { report, previousFiles, changedIds } = applied;
    for (const kind of BUNDLE_KINDS) {
      if (changedIds[kind].length > 0) site.changes.announce({ kind: CHANGE_KINDS[kind], cause: 'bundle', ids: changedIds[kind], languages: BOTH_LANGUAGES });
    }
    // Every post the bundle brought waits for the search index: when many do, it is built in the
    // background from now on (a few are indexed by the next read).
    site.searchIndex.afterBulkChange();
    await removeUnreferencedUploads(site.db, uploadsDir, previousFiles);
    const summary = summaryForAudit(report);
    if (variants.unreadable.length > 0) summary.imagesWithoutVariants = variants.unreadable;
    await site.audit.record(options.actor, 'create', 'content-bundle', report.bundleId, summary, report.sourceName);
    return report;
  } finally {
    await thread?.close();
    // Asynchronously: unlinking hundreds of megabytes held the event loop for 90 ms.
    await rm(stageDir, { recursive: true, force: true });
  }
}
