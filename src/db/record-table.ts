// One table read and written as whole records by synchronous statements, inside a caller's
// transaction: the plain content kinds content bundles carry (page texts, emergency and contact
// entries) are each a RecordTable with their own SQL. See posts/record-store.ts for why synchronous.
import type SQLite from 'better-sqlite3';
import { preparedOnce } from './statements';

export interface RecordTableSql {
  /** Selects one record by its key (the one parameter). */
  find: string;
  /** Selects every record, in the order a copy should insert them. */
  all: string;
  /** Inserts or replaces a record, with the parameters `valuesOf` gives. */
  put: string;
  remove: string;
}

export class RecordTable<T> {
  private readonly statement;

  constructor(sqlite: SQLite.Database, private readonly sql: RecordTableSql, private readonly valuesOf: (record: T) => unknown[]) {
    this.statement = preparedOnce(sqlite);
  }

  find(key: string): T | undefined {
    return this.statement(this.sql.find).get(key) as T | undefined;
  }

  all(): T[] {
    return this.statement(this.sql.all).all() as T[];
  }

  put(record: T): void {
    this.statement(this.sql.put).run(...this.valuesOf(record));
  }

  remove(key: string): void {
    this.statement(this.sql.remove).run(key);
  }
}
