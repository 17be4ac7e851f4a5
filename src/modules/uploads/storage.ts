// Where uploads live on disk and how public paths map to files there.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { referencedUploadPaths } from './references';

export const UPLOAD_URL_PREFIX = '/uploads/';
/** Generated names only (24 hex + extension): anything else is not ours to touch. */
export const STORED_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;

export function publicPathOf(fileName: string): string {
  return `${UPLOAD_URL_PREFIX}${fileName}`;
}

/** The file behind a public path, or null for anything that is not a plain stored name. */
export function fileOfPublicPath(uploadsDir: string, publicPath: string): string | null {
  if (!publicPath.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = publicPath.slice(UPLOAD_URL_PREFIX.length);
  return STORED_NAME.test(name) ? path.join(uploadsDir, name) : null;
}

export async function removeQuietly(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes the files behind these paths unless some record still references them. Called after
 * a record was deleted or changed, so the record's own old paths are no longer counted.
 */
export async function removeUnreferencedUploads(db: Kysely<Database>, uploadsDir: string, publicPaths: Iterable<string>): Promise<string[]> {
  const candidates = [...new Set(publicPaths)].filter((p) => p !== '');
  if (candidates.length === 0) return [];
  const referenced = await referencedUploadPaths(db);
  const removed: string[] = [];
  for (const publicPath of candidates) {
    const file = fileOfPublicPath(uploadsDir, publicPath);
    if (!file || referenced.has(publicPath)) continue;
    await removeQuietly(file);
    removed.push(publicPath);
  }
  return removed;
}
