// While a content import's worker thread holds the database for writing (one transaction of the
// whole bundle, seconds at a large site), a write on the server's connection would wait on the
// event loop itself: better-sqlite3 is synchronous, and SQLite's busy handler sleeps. So for that
// time the server's writes do not wait: a staff save gets a 503 saying so (plugins/error-handler.ts),
// and the writes a visitor's read does on the way (a view counted, the search index caught up,
// a scheduled post published) are left for later. Reads are never blocked: WAL.
import type SQLite from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './connection';

/** SQLITE_BUSY and its extended codes: another connection holds the write lock. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** Runs `work` with the connection's writes failing at once instead of waiting for the other writer. */
export async function withoutWaitingForWrites<T>(sqlite: SQLite.Database, work: () => Promise<T>): Promise<T> {
  sqlite.pragma('busy_timeout = 0');
  try {
    return await work();
  } finally {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** A write a read does on the way: skipped (answering `skipped`) while another connection writes. */
export async function unlessBusy<T>(work: () => Promise<T>, skipped: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBusy(error)) return skipped;
    throw error;
  }
}
