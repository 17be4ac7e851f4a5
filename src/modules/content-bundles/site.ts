// This site's side of content bundles, shared by the admin routes and the command line: what the
// bundle engine works with here, which keys it trusts, and its own signing key when it is a
// headquarters. (Its name, which office figures use too, is the settings module's: site-name.ts.)
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { ContentChanges } from '../../content-changes';
import type { Database } from '../../db/schema';
import type { AuditRepository } from '../audit/repository';
import type { PublicPosts } from '../posts/public-posts';
import type { PostSearchIndex } from '../posts/search-index';
import type { SettingsRepository } from '../settings/repository';
import { siteNameRow } from '../settings/site-name';
import type { ContentBundleRepository } from './repository';
import type { ContentRecords } from './stores';
import { generateSigningKey, loadSigningKey, type SigningKey } from './keys';

/**
 * What bundles are made from and applied through at this site: the bundle's own records, the
 * content modules' record stores, what visitors may see of posts (the posts a bundle carries), the
 * audit log, the content-changes signal, the private settings, the database for the uploads
 * still shown, and its connection and posts' search index (an import's worker writes through a
 * connection of its own meanwhile). The routes build it from the app, the command line from its
 * own connection.
 */
export interface BundleSite {
  bundles: ContentBundleRepository;
  records: ContentRecords;
  publicPosts: PublicPosts;
  audit: AuditRepository;
  changes: ContentChanges;
  settings: SettingsRepository;
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  searchIndex: PostSearchIndex;
}

/** The app's own repositories, services and signal (or the command line's, built the same way). */
export function bundleSiteOf(app: Pick<FastifyInstance, 'repositories' | 'publicPosts' | 'audit' | 'contentChanges' | 'db' | 'sqlite'>): BundleSite {
  const { contentBundles: bundles, records, settings, postsSearch } = app.repositories;
  return {
    bundles, records, settings, publicPosts: app.publicPosts, audit: app.audit, changes: app.contentChanges, db: app.db,
    sqlite: app.sqlite, searchIndex: postsSearch,
  };
}

// A private settings row (GET /api/settings never shows it).
const TRUSTED_KEYS_SETTING = 'contentBundles.trustedKeys';

/** The keys an admin pasted in the dashboard. */
export async function trustedKeysSet(settings: SettingsRepository): Promise<string[]> {
  const keys = await settings.readPrivate(TRUSTED_KEYS_SETTING);
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/** Keys from CONTENT_TRUSTED_KEYS and those an admin pasted in the dashboard. */
export async function trustedKeysOf(config: Config, settings: SettingsRepository): Promise<Set<string>> {
  return new Set([...config.contentTrustedKeys, ...(await trustedKeysSet(settings))]);
}

/** Saves the keys and the site's name an admin set, together. */
export async function saveBundleSettings(settings: SettingsRepository, trustedKeys: string[], officeName: string | null): Promise<void> {
  await settings.writePrivate({ [TRUSTED_KEYS_SETTING]: trustedKeys, ...siteNameRow(officeName) });
}

/** The signing key when its file exists (headquarters); null elsewhere. Throws when the file is unreadable. */
export function signingKeyOf(config: Config): SigningKey | null {
  return existsSync(config.contentSigningKeyFile) ? loadSigningKey(config.contentSigningKeyFile) : null;
}

/**
 * This site's signing key, made now when it has none (the dashboard's "Make this site's signing
 * key", as `npm run content -- keygen` does). Never over an existing file: a second request, or a
 * key made on the command line, is answered with the key already there.
 */
export function makeSigningKey(config: Config): { key: SigningKey; made: boolean } {
  const existing = signingKeyOf(config);
  if (existing) return { key: existing, made: false };
  mkdirSync(path.dirname(config.contentSigningKeyFile), { recursive: true });
  try {
    return { key: generateSigningKey(config.contentSigningKeyFile), made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: loadSigningKey(config.contentSigningKeyFile), made: false };
  }
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
