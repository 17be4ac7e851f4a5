// Removes uploads that no record references: files of forms never saved, of records changed
// by hand, or left by an interrupted request. Only files older than olderThanMs go, so an
// image uploaded a moment ago, whose form is still open, survives. An image's responsive
// variants are kept and removed together with it. The lead runs it at start and once a day.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { referencedUploadPaths } from './references';
import { STORED_NAME, TEMP_PREFIX, publicPathOf, removeQuietly, removeStoredUpload } from './storage';

export const DEFAULT_SWEEP_AGE_MS = 24 * 60 * 60 * 1000;

/** ab12-480w.webp -> ab12: a variant's name starts with its original's. */
const VARIANT_NAME = /^(.+)-\d+w\.webp$/;

const baseOf = (fileName: string) => fileName.slice(0, fileName.lastIndexOf('.'));

export interface SweepOptions {
  olderThanMs?: number;
  now?: number;
}

/** Answers the public paths (or temp names) it removed. */
export async function sweepUnreferencedUploads(app: FastifyInstance, options: SweepOptions = {}): Promise<string[]> {
  const { uploadsDir } = app.config;
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? DEFAULT_SWEEP_AGE_MS);
  const referenced = await referencedUploadPaths(app.db);
  const removed: string[] = [];
  const entries = await readdir(uploadsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const variants = names.filter((name) => VARIANT_NAME.test(name));
  const originals = names.filter((name) => !VARIANT_NAME.test(name));
  const keptBases = new Set<string>();

  for (const name of originals) {
    const isTemp = name.startsWith(TEMP_PREFIX);
    // Files with other names were not made by the upload routes (an operator's own file): left alone.
    if (!isTemp && !STORED_NAME.test(name)) continue;
    const file = path.join(uploadsDir, name);
    try {
      if (isTemp || !referenced.has(publicPathOf(name))) {
        if ((await stat(file)).mtimeMs <= cutoff) {
          if (isTemp) await removeQuietly(file);
          else await removeStoredUpload(uploadsDir, publicPathOf(name));
          removed.push(isTemp ? name : publicPathOf(name));
          continue;
        }
      }
      if (!isTemp) keptBases.add(baseOf(name));
    } catch (error) {
      app.log.warn({ err: error, file }, 'could not sweep an upload');
    }
  }

  // Variants go with their original: kept while it is kept (or referenced), else removed, like
  // any stray file, once old enough. Those of originals removed above are already gone.
  for (const stored of referenced) keptBases.add(baseOf(stored.slice(stored.lastIndexOf('/') + 1)));
  for (const name of variants) {
    if (keptBases.has(VARIANT_NAME.exec(name)![1]) || !STORED_NAME.test(name)) continue;
    const file = path.join(uploadsDir, name);
    try {
      const stats = await stat(file).catch(() => null);
      if (!stats || stats.mtimeMs > cutoff) continue;
      await removeQuietly(file);
      removed.push(publicPathOf(name));
    } catch (error) {
      app.log.warn({ err: error, file }, 'could not sweep an upload');
    }
  }
  if (removed.length > 0) app.log.info({ count: removed.length }, 'removed unreferenced uploads');
  return removed;
}
