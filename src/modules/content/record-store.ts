// Whole page texts as records, read and written synchronously inside a caller's transaction:
// what content bundles carry. The columns are named as the record's fields.
import type SQLite from 'better-sqlite3';
import { RecordTable } from '../../db/record-table';
import type { ContentType } from './schema';

export interface PageTextRecord {
  type: ContentType;
  contentEn: string;
  contentAr: string;
  image: string;
  imageAltEn: string | null;
  imageAltAr: string | null;
  updatedAt: string;
}

const SELECT = `SELECT type, content_en AS contentEn, content_ar AS contentAr, image, image_alt_en AS imageAltEn, image_alt_ar AS imageAltAr,
  updated_at AS updatedAt FROM content`;

export function pageTextRecords(sqlite: SQLite.Database): RecordTable<PageTextRecord> {
  return new RecordTable<PageTextRecord>(sqlite, {
    find: `${SELECT} WHERE type = ?`,
    all: `${SELECT} ORDER BY type`,
    put: `INSERT INTO content (type, content_en, content_ar, image, image_alt_en, image_alt_ar, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (type) DO UPDATE SET content_en = excluded.content_en, content_ar = excluded.content_ar, image = excluded.image,
      image_alt_en = excluded.image_alt_en, image_alt_ar = excluded.image_alt_ar, updated_at = excluded.updated_at`,
    remove: 'DELETE FROM content WHERE type = ?',
  }, (page) => [page.type, page.contentEn, page.contentAr, page.image, page.imageAltEn, page.imageAltAr, page.updatedAt]);
}
