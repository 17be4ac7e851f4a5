import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

export interface DatabaseHandle {
  /** Typed query builder: used only inside repositories. */
  db: Kysely<Database>;
  /** The raw connection: backups, pragmas, the health check and the token check of plugins/auth.ts. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** How long a write waits for another connection's transaction (a content import's worker, a command line tool). */
export const BUSY_TIMEOUT_MS = 5000;

/** More distinct query texts than the repositories write (a few hundred): a safety bound only. */
const MAX_KEPT_STATEMENTS = 1000;

/**
 * The connection as Kysely's SQLite driver sees it, with compiled statements kept by their SQL
 * text. The driver calls prepare() for every query it runs: compiling costs as much as running a
 * small query, and each statement's native memory waits for the garbage collector (under load the
 * server grew past 250 MB). Kysely's SQL is parameterised, so the texts are few. A statement still
 * busy (an iterator left open) is not handed out again: a fresh one is compiled instead. See docs/decisions.md, "Posts: one query path".
 */
export function reusingStatements(sqlite: SQLite.Database, maxKept = MAX_KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = kept.get(text);
      if (statement && !statement.busy) return statement;
      const fresh = sqlite.prepare(text);
      if (!statement) {
        // Maps keep insertion order: the first key is the oldest statement.
        if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
        kept.set(text, fresh);
      }
      return fresh;
    },
  };
}

/**
 * FULL: each commit is fsynced to the WAL before it returns, so an acknowledged write survives a
 * power cut. NORMAL (WAL's usual choice) may lose the last commits on power loss; it exists only
 * for the write benchmark (scripts/bench-writes.ts) to measure what FULL costs.
 */
export type SynchronousMode = 'FULL' | 'NORMAL';

/**
 * When a statement fails with SQLITE_FULL or an I/O error, SQLite has already rolled the
 * transaction back; Kysely's own ROLLBACK then fails with "cannot rollback - no transaction is
 * active", and that message replaced the real one (a full disk was logged as a rollback error).
 */
class KeepFirstErrorDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: reusingStatements(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/** The site's settings on a connection of its own (the server's, or a content import's worker thread's). */
export function openSqlite(file: string, synchronous: SynchronousMode = 'FULL', options: SQLite.Options = {}): SQLite.Database {
  const sqlite = new SQLite(file, options);
  // WAL lets readers run during a write; synchronous=FULL makes a commit durable before it returns.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Deleted rows are overwritten with zeros (the day's salt and digests, a removed user), so the
  // file never keeps what was deleted.
  sqlite.pragma('secure_delete = ON');
  return sqlite;
}

/** Kysely over a connection already open (the server's, or a content bundle's worker thread's). */
export function kyselyOver(sqlite: SQLite.Database): Kysely<Database> {
  return new Kysely<Database>({ dialect: new KeepFirstErrorDialect(sqlite) });
}

export function openDatabase(file: string, synchronous: SynchronousMode = 'FULL'): DatabaseHandle {
  const sqlite = openSqlite(file, synchronous);
  const db = kyselyOver(sqlite);
  let closed = false;
  return {
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy closes the better-sqlite3 connection too.
      await db.destroy();
    },
  };
}
