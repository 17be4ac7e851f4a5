// Brings a backup archive back into DATA_DIR, only after it has been fully checked.
// The previous database and uploads are kept beside them as *.before-restore.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DATABASE_MEMBER, type BackupManifest } from './manifest';
import { databaseInUse } from './server-lock';
import { verifyBackup } from './verify';

export interface RestoreTarget {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced database was kept, when there was one. */
  previousDatabase: string | null;
  previousUploads: string | null;
}

export class ServerRunningError extends Error {
  constructor(databaseFile: string) {
    super(`${databaseFile} is open in a running server: stop it first (systemctl stop anti-trafficking-site, or close the app), then restore`);
    this.name = 'ServerRunningError';
  }
}

/** A full copy of the current database, WAL included, made before it is replaced. */
async function keepPreviousDatabase(databaseFile: string): Promise<string | null> {
  if (!existsSync(databaseFile)) return null;
  const keep = `${databaseFile}.before-restore`;
  rmSync(keep, { force: true });
  const current = new SQLite(databaseFile, { fileMustExist: true });
  try {
    await current.backup(keep);
  } finally {
    current.close();
  }
  return keep;
}

export async function restoreBackup(archive: string, target: RestoreTarget): Promise<RestoreResult> {
  if (databaseInUse(target.databaseFile)) throw new ServerRunningError(target.databaseFile);
  mkdirSync(target.dataDir, { recursive: true });
  // Staged inside DATA_DIR so the final moves are renames on one file system.
  const stageDir = mkdtempSync(path.join(target.dataDir, '.restore-'));
  try {
    const manifest = await verifyBackup(archive, stageDir);

    const previousDatabase = await keepPreviousDatabase(target.databaseFile);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target.databaseFile}${suffix}`, { force: true });
    renameSync(path.join(stageDir, DATABASE_MEMBER), target.databaseFile);

    let previousUploads: string | null = null;
    if (existsSync(target.uploadsDir)) {
      previousUploads = `${target.uploadsDir}.before-restore`;
      rmSync(previousUploads, { recursive: true, force: true });
      renameSync(target.uploadsDir, previousUploads);
    }
    const stagedUploads = path.join(stageDir, 'uploads');
    if (existsSync(stagedUploads)) renameSync(stagedUploads, target.uploadsDir);
    else mkdirSync(target.uploadsDir, { recursive: true });

    return { manifest, previousDatabase, previousUploads };
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}
