// This site's side of content bundles, shared by the admin routes and the command line: which keys
// it trusts, its name, and its own signing key when it is a headquarters.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { ContentBundleRepository } from '../modules/content-bundles/repository';
import { loadSigningKey, type SigningKey } from './keys';

/** Keys from CONTENT_TRUSTED_KEYS and those an admin pasted in the dashboard. */
export function trustedKeysOf(config: Config, repository: ContentBundleRepository): Set<string> {
  return new Set([...config.contentTrustedKeys, ...repository.readSettings().trustedKeys]);
}

/** The dashboard's name when set, else OFFICE_NAME; null when neither is. */
export function siteNameOf(config: Config, repository: ContentBundleRepository): string | null {
  return repository.readSettings().officeName ?? config.officeName ?? null;
}

/** The signing key when its file exists (headquarters); null elsewhere. Throws when the file is unreadable. */
export function signingKeyOf(config: Config): SigningKey | null {
  return existsSync(config.contentSigningKeyFile) ? loadSigningKey(config.contentSigningKeyFile) : null;
}

/** Bundles name their source; a headquarters that never named itself is "Headquarters". */
export const DEFAULT_SOURCE_NAME = 'Headquarters';

/** Work folders of imports and downloads live in DATA_DIR as .content-*; an interrupted one is removed later. */
export const WORK_FOLDER_PREFIXES = ['.content-import-', '.content-request-'];

/** Removes work folders a crash or a power cut left behind (older than `olderThanMs`); answers their names. */
export function removeStaleWorkFolders(dataDir: string, olderThanMs = 60 * 60 * 1000, now = Date.now()): string[] {
  let names: string[];
  try { names = readdirSync(dataDir); } catch { return []; }
  const removed: string[] = [];
  for (const name of names) {
    if (!WORK_FOLDER_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const folder = path.join(dataDir, name);
    const stats = statSync(folder, { throwIfNoEntry: false });
    if (!stats?.isDirectory() || now - stats.mtimeMs < olderThanMs) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
