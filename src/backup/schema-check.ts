// A restored database must have exactly the schema its own migrations produce: every table,
// index, trigger and FTS table, and nothing else. A consistent archive whose database lacked
// its search table restored with exit 0 and then every search and post creation answered 500; an
// unexpected trigger could rewrite data behind the server's back.
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import SQLite from 'better-sqlite3';
import { migrations as knownMigrations } from '../db/migrator';

interface SchemaObject { type: string; name: string; columns: string }

function schemaOf(db: SQLite.Database): Map<string, SchemaObject> {
  const rows = db.prepare(`SELECT type, name FROM sqlite_master
    WHERE type IN ('table', 'index', 'trigger', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as Array<{ type: string; name: string }>;
  const objects = new Map<string, SchemaObject>();
  for (const { type, name } of rows) {
    // Columns are compared for tables only (an FTS table lists its own through the same pragma).
    const columns = type === 'table'
      ? (db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(name) as string[]).join(',')
      : '';
    objects.set(`${type} ${name}`, { type, name, columns });
  }
  return objects;
}

/** The schema a database that applied exactly these migrations has. */
async function expectedSchema(applied: string[]): Promise<Map<string, SchemaObject>> {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    // Exactly these, in number order: numbers are reserved per change and land in any order, so a
    // database may have applied 008 before 007 existed (the server applies the missing ones later).
    const provider: MigrationProvider = { getMigrations: async () => Object.fromEntries(applied.map((name) => [name, knownMigrations[name]])) };
    const { error } = await new Migrator({ db, provider }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return schemaOf(sqlite);
  } finally {
    await db.destroy();
  }
}

/** Throws with a readable reason when the database is not one this version of the site can run. */
export async function checkSchema(databaseFile: string): Promise<void> {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  let applied: string[];
  let actual: Map<string, SchemaObject>;
  try {
    const hasLog = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!hasLog) throw new Error('the database has no migration record (kysely_migration): it was not made by this site');
    applied = (db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]);
    actual = schemaOf(db);
  } finally {
    db.close();
  }
  const known = Object.keys(knownMigrations).sort();
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`the database was made by a newer version of the site (migration ${unknown.join(', ')}): update this installation first`);
  if (applied[0] !== known[0]) {
    throw new Error(`the database's migrations (${applied.join(', ') || 'none'}) are not a sequence this site applies`);
  }
  const expected = await expectedSchema(applied);
  for (const [key, object] of expected) {
    const found = actual.get(key);
    if (!found) throw new Error(`the database lacks the ${object.type} ${object.name}`);
    if (found.columns !== object.columns) throw new Error(`the table ${object.name} has the columns (${found.columns}), expected (${object.columns})`);
  }
  for (const [key, object] of actual) {
    if (!expected.has(key)) throw new Error(`the database holds an unexpected ${object.type} ${object.name}`);
  }
}
