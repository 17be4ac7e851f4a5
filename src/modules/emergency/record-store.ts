// Whole emergency entries as records, read and written synchronously inside a caller's
// transaction: what content bundles carry. In the order staff chose (position), so a field office
// adds the numbers it did not have in that order.
import type SQLite from 'better-sqlite3';
import { RecordTable } from '../../db/record-table';
import type { EmergencyType } from './schema';

export interface EmergencyRecord {
  id: string;
  type: EmergencyType;
  value: string;
  nameEn: string;
  nameAr: string;
  icon: string;
  createdAt: string;
}

const SELECT = 'SELECT id, type, value, name_en AS nameEn, name_ar AS nameAr, icon, created_at AS createdAt FROM emergency';

export function emergencyRecords(sqlite: SQLite.Database): RecordTable<EmergencyRecord> {
  return new RecordTable<EmergencyRecord>(sqlite, {
    find: `${SELECT} WHERE id = ?`,
    all: `${SELECT} ORDER BY position, rowid`,
    // A number new here goes last, as one added in the dashboard does; a known one keeps its place.
    put: `INSERT INTO emergency (id, type, value, name_en, name_ar, icon, created_at, position)
      VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM emergency))
      ON CONFLICT (id) DO UPDATE SET type = excluded.type, value = excluded.value, name_en = excluded.name_en, name_ar = excluded.name_ar,
      icon = excluded.icon, created_at = excluded.created_at`,
    remove: 'DELETE FROM emergency WHERE id = ?',
  }, (entry) => [entry.id, entry.type, entry.value, entry.nameEn, entry.nameAr, entry.icon, entry.createdAt]);
}
