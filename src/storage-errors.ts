// Disk trouble said in one line an operator can act on, with the path: a full disk, a
// read-only file system, missing permissions. Without this a full disk showed up as SQLite's
// "cannot rollback - no transaction is active" and an unwritable DATA_DIR as a stack trace.

interface CodedError {
  code?: unknown;
  path?: unknown;
  message?: unknown;
}

const PROBLEMS: Array<{ test: (code: string) => boolean; what: string }> = [
  { test: (code) => code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT', what: 'the disk is full' },
  { test: (code) => code === 'EROFS' || code.startsWith('SQLITE_READONLY'), what: 'the file system is read-only' },
  { test: (code) => code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM' || code === 'SQLITE_CANTOPEN', what: 'permission denied (or the folder is missing)' },
  { test: (code) => code.startsWith('SQLITE_IOERR') || code === 'EIO', what: 'the disk reports an input/output error' },
];

/**
 * "the disk is full: cannot write /var/lib/site/site.db (SQLITE_FULL)", or null when the error
 * is not about storage. SQLite's errors carry no path: `databaseFile` names it.
 */
export function describeStorageError(error: unknown, databaseFile?: string): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, path } = error as CodedError;
  if (typeof code !== 'string') return null;
  const problem = PROBLEMS.find((candidate) => candidate.test(code));
  if (!problem) return null;
  const where = typeof path === 'string' ? path : code.startsWith('SQLITE_') ? databaseFile : undefined;
  return `${problem.what}: cannot write ${where ?? 'the data folder'} (${code})`;
}
