// Test support (tests only, never bundled): proves that a string (an address, a user agent) is nowhere in the database,
// neither in any table's rows nor in the raw bytes of the database files.
import { existsSync, readFileSync } from 'node:fs';
import type SQLite from 'better-sqlite3';

export function tablesContaining(sqlite: SQLite.Database, needle: string): string[] {
  const tables = sqlite.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  return tables
    .filter(({ name }) => JSON.stringify(sqlite.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all()).includes(needle))
    .map(({ name }) => name);
}

export function databaseFilesContain(databaseFile: string, needle: string): boolean {
  return [databaseFile, `${databaseFile}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(Buffer.from(needle, 'utf8')));
}
