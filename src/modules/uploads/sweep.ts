// Removes uploads that no record references: files of forms never saved, of records changed
// by hand, or left by an interrupted request. Only files older than olderThanMs go, so an
// image uploaded a moment ago, whose form is still open, survives. The lead runs it at start
// and once a day.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TEMP_PREFIX } from './receive';
import { referencedUploadPaths } from './references';
import { STORED_NAME, publicPathOf, removeQuietly } from './storage';

export const DEFAULT_SWEEP_AGE_MS = 24 * 60 * 60 * 1000;

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
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const isTemp = entry.name.startsWith(TEMP_PREFIX);
    // Files with other names were not made by the upload routes (an operator's own file): left alone.
    if (!isTemp && !STORED_NAME.test(entry.name)) continue;
    if (!isTemp && referenced.has(publicPathOf(entry.name))) continue;
    const file = path.join(uploadsDir, entry.name);
    try {
      if ((await stat(file)).mtimeMs > cutoff) continue;
      await removeQuietly(file);
      removed.push(isTemp ? entry.name : publicPathOf(entry.name));
    } catch (error) {
      app.log.warn({ err: error, file }, 'could not sweep an upload');
    }
  }
  if (removed.length > 0) app.log.info({ count: removed.length }, 'removed unreferenced uploads');
  return removed;
}
