// Whole contact entries as records, read and written synchronously inside a caller's
// transaction: what content bundles carry. Oldest first, then in the order written, so a copy
// inserts them in that order and ties in the lists sort alike.
import type SQLite from 'better-sqlite3';
import { RecordTable } from '../../db/record-table';
import type { ContactType } from './schema';

export interface ContactRecord {
  id: string;
  type: ContactType;
  value: string;
  createdAt: string;
}

const SELECT = 'SELECT id, type, value, created_at AS createdAt FROM contacts';

export function contactRecords(sqlite: SQLite.Database): RecordTable<ContactRecord> {
  return new RecordTable<ContactRecord>(sqlite, {
    find: `${SELECT} WHERE id = ?`,
    all: `${SELECT} ORDER BY created_at, rowid`,
    put: `INSERT INTO contacts (id, type, value, created_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET type = excluded.type, value = excluded.value, created_at = excluded.created_at`,
    remove: 'DELETE FROM contacts WHERE id = ?',
  }, (entry) => [entry.id, entry.type, entry.value, entry.createdAt]);
}
