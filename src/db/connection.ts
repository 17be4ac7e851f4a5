import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

export interface DatabaseHandle {
  /** Typed query builder: used only inside repositories. */
  db: Kysely<Database>;
  /** The raw connection: backups, pragmas, the health check and the token check of plugins/auth.ts. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

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

export function openDatabase(file: string): DatabaseHandle {
  const sqlite = new SQLite(file);
  // WAL survives power cuts with every committed write and lets readers run during a write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
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
