// Statements prepared once for the repositories that run better-sqlite3 directly (synchronous work
// inside one transaction, hand-written index plans): compiling a statement costs as much as
// running a small query.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type Statements = (text: string) => SQLite.Statement;

export function preparedOnce(sqlite: SQLite.Database): Statements {
  const prepared = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = prepared.get(text);
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text)));
    return statement;
  };
}

/**
 * A repository of synchronous statements whose work runs inside one transaction, queued behind any
 * Kysely transaction in progress on the connection: reads see one consistent state, writes commit
 * together or not at all, and the work happens in one turn of the event loop.
 */
export abstract class SynchronousRepository {
  protected readonly statement: Statements;

  /** db and sqlite must be the same connection (openDatabase gives both). */
  constructor(private readonly db: Kysely<Database>, sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
  }

  async transaction<T>(work: () => T): Promise<T> {
    return this.db.transaction().execute(async () => work());
  }
}
