// Node's compile cache for the server's code, in DATA_DIR/cache/code: a later start reads the
// compiled code V8 kept instead of compiling the bundle again (about 50 ms of a 400 ms start:
// docs/decisions.md, "Cold start: the compile cache in the data folder"). DATA_DIR is the one
// folder only the site's own user may write, so no other local user can swap the code it loads;
// backups and content bundles take site.db and uploads/ only, never this folder. The cache is a
// help, never a need: a folder that cannot be made or used only means a start that compiles.
// Enabled by the entry before it imports the rest, so the entry and this file stay small.
import { mkdirSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { dataLocation } from '../config';

/**
 * Makes one folder whose parent exists, for the site's user alone (Node writes its files 0600 in
 * it); false when it is not (or cannot become) a folder.
 */
function ensureFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Enables the cache for the server (no command) and returns its folder, or null when it stays
 * off: for the operator's tools (`users` on a wrong DATA_DIR must create nothing), before DATA_DIR
 * exists (its first start), or when the folder cannot be used. The folders are made one at a time,
 * not recursively: Node's recursive mkdir loops forever on some paths that cannot exist (under
 * /proc), and this must never hold a start.
 */
export function enableCodeCache(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string | null {
  if (args.length > 0 || typeof module.enableCompileCache !== 'function') return null;
  const { dataDir } = dataLocation(env);
  const cacheDir = path.join(dataDir, 'cache');
  const dir = path.join(cacheDir, 'code');
  try {
    if (!statSync(dataDir).isDirectory()) return null;
  } catch {
    return null;
  }
  if (!ensureFolder(cacheDir) || !ensureFolder(dir)) return null;
  try {
    const result = module.enableCompileCache(dir);
    const { ENABLED, ALREADY_ENABLED } = module.constants.compileCacheStatus;
    return result.status === ENABLED || result.status === ALREADY_ENABLED ? (result.directory ?? dir) : null;
  } catch {
    return null;
  }
}
