// Where a bundle is applied: the bundle's own records (what each source brought), the content
// modules' record stores, and their connection (apply.ts, and translations.ts after it).
import type SQLite from 'better-sqlite3';
import type { ContentBundleRepository } from './repository';
import type { ContentRecords } from './stores';

export interface ApplyTarget {
  sqlite: SQLite.Database;
  bundles: ContentBundleRepository;
  records: ContentRecords;
}
