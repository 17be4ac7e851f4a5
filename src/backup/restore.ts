// Brings a backup archive back into DATA_DIR, only after it has been fully checked (verify.ts).
// The previous database and uploads are kept beside them as *.before-restore.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { syncDirectory } from '@shared/durable-files';
import { DATABASE_MEMBER, type BackupManifest } from './manifest';
import { databaseInUse } from './server-lock';
import { backupKeyPath, readBackupKey, type SignatureCheck } from './signing';
import { describeSignature, verifyBackup } from './verify';

export interface RestoreTarget {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
}

export interface RestoreOptions {
  /** Accept an archive that is unsigned or signed with another key (after a clear warning). */
  allowUnsigned?: boolean;
  /** The key to check the signature with; default DATA_DIR/backup-key. */
  keyFile?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  signature: SignatureCheck['status'];
  /** What the operator must be told (an accepted unsigned archive). */
  warnings: string[];
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

export async function restoreBackup(archive: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  if (databaseInUse(target.databaseFile)) throw new ServerRunningError(target.databaseFile);
  mkdirSync(target.dataDir, { recursive: true });
  const key = readBackupKey(options.keyFile ?? backupKeyPath(target.dataDir));
  // Staged inside DATA_DIR so the final moves are renames on one file system.
  const stageDir = mkdtempSync(path.join(target.dataDir, '.restore-'));
  try {
    const { manifest, signature } = await verifyBackup(archive, stageDir, { key, allowUnsigned: options.allowUnsigned });
    const warnings = signature === 'valid' ? [] : [`${path.basename(archive)} was restored although ${describeSignature(signature)}.`];
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
    // The renames are only durable once the folders holding the names are fsynced.
    await syncDirectory(target.dataDir);
    return { manifest, signature, warnings, previousDatabase, previousUploads };
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}
