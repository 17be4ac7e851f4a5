import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import type { Database } from './schema';

export interface DatabaseHandle {
  /** Typed query builder: used only inside repositories. */
  db: Kysely<Database>;
  /** The raw connection, for prepared hot-path statements, backups and pragmas. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
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
    super({ database: sqlite });
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

export function openDatabase(file: string, synchronous: SynchronousMode = 'FULL'): DatabaseHandle {
  const sqlite = new SQLite(file);
  // WAL lets readers run during a write; synchronous=FULL makes a commit durable before it returns.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new KeepFirstErrorDialect(sqlite) });
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
