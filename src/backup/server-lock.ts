// Tells whether some process (a running server) has the database open.
import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * A running server keeps the WAL database open, which holds a shared lock. Asking for an
 * exclusive lock without waiting fails with SQLITE_BUSY exactly then.
 */
export function databaseInUse(databaseFile: string): boolean {
  if (!existsSync(databaseFile)) return false;
  const probe = new SQLite(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}
