import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { reusingStatements } from './connection';

describe('reusingStatements', () => {
  it('hands out one compiled statement per SQL text, and a fresh one while it is busy', () => {
    const sqlite = new SQLite(':memory:');
    const connection = reusingStatements(sqlite);
    const first = connection.prepare('SELECT 1 AS n UNION ALL SELECT 2');
    expect(connection.prepare('SELECT 1 AS n UNION ALL SELECT 2')).toBe(first);
    const rows = first.iterate([]);
    rows.next();
    // Mid-iteration the kept statement is busy: running it again must not fail.
    const second = connection.prepare('SELECT 1 AS n UNION ALL SELECT 2');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(connection.prepare('SELECT 1 AS n UNION ALL SELECT 2')).toBe(first);
    sqlite.close();
  });

  it('keeps at most maxKept statements, dropping the oldest', () => {
    const sqlite = new SQLite(':memory:');
    const connection = reusingStatements(sqlite, 2);
    const one = connection.prepare('SELECT 1');
    connection.prepare('SELECT 2');
    connection.prepare('SELECT 3');
    expect(connection.prepare('SELECT 1')).not.toBe(one);
    sqlite.close();
  });
});
