// Statements prepared once for a repository that runs better-sqlite3 directly (synchronous work
// inside one transaction, hand-written index plans): compiling a statement costs as much as
// running a small query.
import type SQLite from 'better-sqlite3';

export type Statements = (text: string) => SQLite.Statement;

export function preparedOnce(sqlite: SQLite.Database): Statements {
  const prepared = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = prepared.get(text);
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text)));
    return statement;
  };
}
