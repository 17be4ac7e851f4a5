// Where uploads live on disk and how public paths map to files there.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '@shared/domain';
import { referencedUploadPaths } from './references';

export const UPLOAD_URL_PREFIX = '/uploads/';
/** Files being received or encoded: hidden, and swept when a crash leaves one behind. */
export const TEMP_PREFIX = '.upload-';
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

/** The responsive variants an image's stored path implies (none for a PDF). */
export function variantPathsOf(publicPath: string): string[] {
  return publicPath.endsWith('.pdf') ? [] : IMAGE_VARIANT_WIDTHS.map((width) => imageVariantPath(publicPath, width));
}

/** Removes a stored file and its variants: they live and go together. */
export async function removeStoredUpload(uploadsDir: string, publicPath: string): Promise<void> {
  for (const stored of [publicPath, ...variantPathsOf(publicPath)]) {
    const file = fileOfPublicPath(uploadsDir, stored);
    if (file) await removeQuietly(file);
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
    if (!fileOfPublicPath(uploadsDir, publicPath) || referenced.has(publicPath)) continue;
    await removeStoredUpload(uploadsDir, publicPath);
    removed.push(publicPath);
  }
  return removed;
}
