// Writes one backup archive: a consistent SQLite snapshot (online backup API, safe while the
// server writes), every upload, a manifest with sizes and sha256 sums, and the manifest's
// signature with this installation's backup key (signing.ts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_MEMBER, MANIFEST_MEMBER, UPLOADS_PREFIX, type BackupManifest } from './manifest';
import { syncDirectory, syncFile } from '@shared/durable-files';
import { utcStamp } from '@shared/ids';
import { loadOrCreateBackupKey, signManifest, SIGNATURE_MEMBER } from './signing';
import { isSafeMemberName, TarGzWriter, type ArchivedFile } from './tar';

export interface BackupSource {
  databaseFile: string;
  uploadsDir: string;
  /** DATA_DIR/backup-key: created on the first backup, signs every archive. */
  keyFile: string;
  /** The running server's own connection; without it a second connection is opened. */
  sqlite?: SQLite.Database;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Upload files left out because their names are not safe inside an archive. */
  skipped: string[];
}

/** Pages copied per step: large enough to finish fast, small enough to keep the server answering. */
const PAGES_PER_STEP = 1000;


function uniqueArchivePath(outDir: string, prefix: string, now: Date): string {
  const base = `${prefix}-${utcStamp(now)}`;
  let candidate = path.join(outDir, `${base}.tar.gz`);
  for (let n = 2; existsSync(candidate); n += 1) candidate = path.join(outDir, `${base}-${n}.tar.gz`);
  return candidate;
}

/** Upload files as archive member names, relative to uploadsDir. */
function listUploads(uploadsDir: string): string[] {
  const found: string[] = [];
  const visit = (dir: string, prefix: string) => {
    let names: string[];
    try { names = readdirSync(dir); } catch { return; }
    for (const name of names.sort()) {
      const full = path.join(dir, name);
      const stats = statSync(full, { throwIfNoEntry: false });
      if (stats?.isDirectory()) visit(full, `${prefix}${name}/`);
      else if (stats?.isFile()) found.push(`${prefix}${name}`);
    }
  };
  visit(uploadsDir, '');
  return found;
}

/**
 * A backup outlives the day: it must not carry the day's salt and visitor digests, which are only
 * allowed to exist until the day changes. They are deleted from the copy (overwritten, not just
 * unlinked), and the copy's journal folded back, before it enters the archive.
 */
export function forgetTodaysDigests(databaseFile: string): void {
  const copy = new SQLite(databaseFile);
  try {
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    if (!tables.has('daily_salt')) return;
    copy.pragma('secure_delete = ON');
    copy.exec('DELETE FROM daily_digests; DELETE FROM daily_salt;');
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

async function snapshotDatabase(source: BackupSource, target: string): Promise<string[]> {
  const connection = source.sqlite ?? new SQLite(source.databaseFile, { fileMustExist: true, timeout: 5000 });
  try {
    await connection.backup(target, { progress: () => PAGES_PER_STEP });
  } finally {
    if (!source.sqlite) connection.close();
  }
  forgetTodaysDigests(target);
  const snapshot = new SQLite(target, { readonly: true });
  try {
    const hasMigrations = snapshot.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    return hasMigrations ? (snapshot.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]) : [];
  } finally {
    snapshot.close();
  }
}

export async function createBackup(source: BackupSource, outDir: string, options: { prefix?: string; now?: Date } = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  mkdirSync(outDir, { recursive: true });
  const finalPath = uniqueArchivePath(outDir, options.prefix ?? 'backup', now);
  const partialPath = `${finalPath}.partial`;
  // The snapshot is staged beside the archive so it never fills a small /tmp.
  const workDir = mkdtempSync(path.join(outDir, '.backup-work-'));
  try {
    const snapshotFile = path.join(workDir, DATABASE_MEMBER);
    const migrations = await snapshotDatabase(source, snapshotFile);

    const writer = new TarGzWriter(partialPath);
    const files: ArchivedFile[] = [];
    const skipped: string[] = [];
    try {
      files.push(await writer.addFile(DATABASE_MEMBER, snapshotFile, statSync(snapshotFile).size, now));
      for (const relative of listUploads(source.uploadsDir)) {
        const member = `${UPLOADS_PREFIX}${relative}`;
        const stats = statSync(path.join(source.uploadsDir, relative), { throwIfNoEntry: false });
        if (!stats) continue; // deleted since it was listed
        if (!isSafeMemberName(member)) { skipped.push(relative); continue; }
        files.push(await writer.addFile(member, path.join(source.uploadsDir, relative), stats.size, stats.mtime));
      }
      const manifest: BackupManifest = { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), migrations, files };
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
      await writer.addBuffer(MANIFEST_MEMBER, manifestBytes, now);
      const signature = signManifest(manifestBytes, loadOrCreateBackupKey(source.keyFile));
      await writer.addBuffer(SIGNATURE_MEMBER, Buffer.from(JSON.stringify(signature)), now);
      await writer.finish();
      // Only a complete archive ever carries the final name, and only once its bytes are on disk.
      await syncFile(partialPath);
      renameSync(partialPath, finalPath);
      await syncDirectory(outDir);
      return { file: finalPath, manifest, skipped };
    } catch (error) {
      await writer.finish().catch(() => undefined);
      rmSync(partialPath, { force: true });
      throw error;
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
