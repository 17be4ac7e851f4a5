// What a backup archive holds, described by manifest.json inside it.
import type { ArchivedFile } from './tar';

export const BACKUP_FORMAT = 'anti-trafficking-site-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const DATABASE_MEMBER = 'site.db';
export const MANIFEST_MEMBER = 'manifest.json';
export const UPLOADS_PREFIX = 'uploads/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** Migrations applied to the saved database, so a restore can tell an older or newer schema. */
  migrations: string[];
  /** Every member except the manifest itself, with its size and sha256. */
  files: ArchivedFile[];
}

/** Checks the manifest's shape; throws with a readable reason. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('manifest.json is not valid JSON');
  }
  const manifest = value as Partial<BackupManifest>;
  if (manifest.format !== BACKUP_FORMAT) throw new Error('manifest.json does not describe a backup of this site');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw new Error(`unsupported backup format version ${String(manifest.formatVersion)}`);
  if (typeof manifest.createdAt !== 'string' || !Array.isArray(manifest.migrations) || !Array.isArray(manifest.files)) {
    throw new Error('manifest.json is incomplete');
  }
  for (const file of manifest.files) {
    if (!file || typeof file.path !== 'string' || !Number.isSafeInteger(file.size) || typeof file.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(file.sha256)) {
      throw new Error('manifest.json lists a file without a path, size or sha256');
    }
  }
  if (!manifest.files.some((file) => file.path === DATABASE_MEMBER)) throw new Error('manifest.json lists no database');
  return manifest as BackupManifest;
}
