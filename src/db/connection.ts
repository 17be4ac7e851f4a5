import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export interface DatabaseHandle {
  /** Typed query builder: used only inside repositories. */
  db: Kysely<Database>;
  /** The raw connection, for prepared hot-path statements, backups and pragmas. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

export function openDatabase(file: string): DatabaseHandle {
  const sqlite = new SQLite(file);
  // WAL survives power cuts with every committed write and lets readers run during a write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros (the day's salt and digests, a removed user), so the
  // file never keeps what was deleted.
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
