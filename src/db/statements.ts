// Statements prepared once for the repositories that run better-sqlite3 directly (synchronous work
// inside one transaction, hand-written index plans): compiling a statement costs as much as
// running a small query.
import type SQLite from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
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

  /**
   * db and sqlite must be the same connection (openDatabase gives both); without Kysely (a
   * content import's worker thread) transactions are better-sqlite3's own.
   */
  constructor(private readonly db: Kysely<Database> | null, private readonly sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
  }

  async transaction<T>(work: () => T): Promise<T> {
    if (!this.db) return this.sqlite.transaction(work)();
    return this.db.transaction().execute(async () => work());
  }
}

/** Stands in for a query's one variable while Kysely compiles it. */
const SLOT = '\u0000compiled-once-slot\u0000';

/**
 * A Kysely query built and compiled once, then run with the value of its one variable: building
 * and compiling a query costs several times what SQLite takes to read a row by its key (a post
 * read by id: 50 against 7 microseconds). `build` receives a stand-in for the value; it must reach
 * the query as a parameter (never written into the SQL).
 *
 * Given the connection Kysely runs on (`sqlite`, the same one), the statement is also prepared
 * there once and run directly, in the caller's turn of the event loop, whenever no transaction is
 * open on it: what it reads is then committed, as through Kysely. While one is open (a Kysely
 * transaction between two of its awaits), the query goes through Kysely and waits its turn, so it
 * never reads a write that may still be rolled back. Kysely's way costs its connection queue and
 * promises on every read (docs/decisions.md, "The API's post read: visitors' answers kept encoded").
 */
export function compiledOnce<Row>(
  db: Kysely<Database>, build: (value: string) => Compilable<Row>, sqlite?: SQLite.Database,
): (value: string) => Promise<Row[]> {
  const compiled = build(SLOT).compile();
  const slots = compiled.parameters.flatMap((parameter, index) => (parameter === SLOT ? [index] : []));
  if (slots.length === 0) throw new Error(`the query's variable is not one of its parameters: ${compiled.sql}`);
  const parametersWith = (value: string) => {
    const parameters = [...compiled.parameters];
    for (const index of slots) parameters[index] = value;
    return parameters;
  };
  const prepared = sqlite?.prepare<unknown[], Row>(compiled.sql);
  return async (value) => {
    if (prepared && !sqlite!.inTransaction) return prepared.all(parametersWith(value));
    return (await db.executeQuery<Row>({ ...compiled, parameters: parametersWith(value) })).rows;
  };
}
