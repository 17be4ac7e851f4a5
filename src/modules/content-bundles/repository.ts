// The SQL of content bundles' own tables: the bundles made here (headquarters), the bundles applied
// here and the items each source brought (field office). The content itself is read and written
// through each content module's record store (see stores.ts). Statements are synchronous
// (better-sqlite3) and run inside one Kysely transaction: the whole apply happens in one turn of
// the event loop, so no request ever reads half of an import, and a failure rolls it all back.
import { SynchronousRepository } from '../../db/statements';
import type { BundleKind } from './format';

export interface ExportRecord {
  bundleId: string;
  baseBundleId: string | null;
  createdAt: string;
  sourceKey: string;
  /** JSON: the fingerprints of every item the bundle described (see snapshot.ts). */
  snapshot: string;
  counts: Record<string, number>;
  /** The last change of posts logged when it was made (content_bundle_log); null for bundles made before the log. */
  logSeq: number | null;
}

export interface ImportRecord {
  bundleId: string;
  sourceKey: string;
  sourceName: string;
  baseBundleId: string | null;
  createdAt: string;
  appliedAt: string;
  report: unknown;
}

interface ExportRow { bundle_id: string; base_bundle_id: string | null; created_at: string; source_key: string; snapshot: string; counts: string; log_seq: number | null }
interface ImportRow { bundle_id: string; source_key: string; source_name: string; base_bundle_id: string | null; created_at: string; applied_at: string; report: string }

function exportRecordOf(row: ExportRow): ExportRecord {
  return {
    bundleId: row.bundle_id, baseBundleId: row.base_bundle_id, createdAt: row.created_at, sourceKey: row.source_key, snapshot: row.snapshot,
    counts: JSON.parse(row.counts) as Record<string, number>, logSeq: row.log_seq,
  };
}

function importRecordOf(row: ImportRow): ImportRecord {
  return {
    bundleId: row.bundle_id, sourceKey: row.source_key, sourceName: row.source_name, baseBundleId: row.base_bundle_id,
    createdAt: row.created_at, appliedAt: row.applied_at, report: JSON.parse(row.report) as unknown,
  };
}

const SQL = {
  findExport: 'SELECT * FROM content_bundle_exports WHERE bundle_id = ?',
  latestExport: 'SELECT bundle_id, created_at FROM content_bundle_exports ORDER BY created_at DESC, bundle_id DESC LIMIT 1',
  recordExport: 'INSERT INTO content_bundle_exports (bundle_id, base_bundle_id, created_at, source_key, snapshot, counts, log_seq) VALUES (?, ?, ?, ?, ?, ?, ?)',
  lastLogSeq: 'SELECT coalesce(max(seq), 0) AS seq FROM content_bundle_log',
  postsLoggedSince: 'SELECT DISTINCT post_id FROM content_bundle_log WHERE seq > ?',
  listExports: `SELECT bundle_id, base_bundle_id, created_at, source_key, '' AS snapshot, counts, log_seq FROM content_bundle_exports
    ORDER BY created_at DESC, bundle_id DESC LIMIT ?`,
  itemsFromSource: 'SELECT kind, item_id FROM content_bundle_items WHERE source_key = ?',
  broughtBySource: 'SELECT 1 FROM content_bundle_items WHERE source_key = ? AND kind = ? AND item_id = ?',
  broughtByAnySource: 'SELECT 1 FROM content_bundle_items WHERE kind = ? AND item_id = ? LIMIT 1',
  rememberItem: 'INSERT OR IGNORE INTO content_bundle_items (source_key, kind, item_id) VALUES (?, ?, ?)',
  forgetItem: 'DELETE FROM content_bundle_items WHERE kind = ? AND item_id = ?',
  findImport: 'SELECT * FROM content_bundle_imports WHERE bundle_id = ?',
  lastImportFrom: 'SELECT * FROM content_bundle_imports WHERE source_key = ? ORDER BY created_at DESC, applied_at DESC LIMIT 1',
  recordImport: 'INSERT INTO content_bundle_imports (bundle_id, source_key, source_name, base_bundle_id, created_at, applied_at, report) VALUES (?, ?, ?, ?, ?, ?, ?)',
  listImports: 'SELECT * FROM content_bundle_imports ORDER BY applied_at DESC LIMIT ?',
} as const;

/** Its transaction() also holds the record stores' statements of an import (see stores.ts). */
export class ContentBundleRepository extends SynchronousRepository {
  // ---- headquarters: the bundles made here ----

  findExport(bundleId: string): ExportRecord | undefined {
    const row = this.statement(SQL.findExport).get(bundleId) as ExportRow | undefined;
    return row && exportRecordOf(row);
  }

  latestExportId(): string | undefined {
    return this.latestExport()?.bundleId;
  }

  /** The newest bundle made here, without its snapshot (megabytes at a large site). */
  latestExport(): { bundleId: string; createdAt: string } | undefined {
    const row = this.statement(SQL.latestExport).get() as { bundle_id: string; created_at: string } | undefined;
    return row && { bundleId: row.bundle_id, createdAt: row.created_at };
  }

  recordExport(record: ExportRecord): void {
    this.statement(SQL.recordExport).run(record.bundleId, record.baseBundleId, record.createdAt, record.sourceKey, record.snapshot, JSON.stringify(record.counts), record.logSeq);
  }

  /** The number of the last change of posts logged (0 when none). */
  lastLogSeq(): number {
    return (this.statement(SQL.lastLogSeq).get() as { seq: number }).seq;
  }

  /** The posts changed (or removed) after the change numbered `seq`. */
  postsLoggedSince(seq: number): string[] {
    return (this.statement(SQL.postsLoggedSince).all(seq) as Array<{ post_id: string }>).map((row) => row.post_id);
  }

  listExports(limit: number): Omit<ExportRecord, 'snapshot'>[] {
    return (this.statement(SQL.listExports).all(limit) as ExportRow[]).map((row) => {
      const { snapshot: _snapshot, ...record } = exportRecordOf(row);
      return record;
    });
  }

  // ---- field office: the bundles applied here ----

  /** The items this source brought, as "kind\u0000id" keys. */
  /** Whether this source brought the item (one index step: an incremental bundle asks only of its own items). */
  broughtBy(sourceKey: string, kind: BundleKind, id: string): boolean {
    return this.statement(SQL.broughtBySource).get(sourceKey, kind, id) !== undefined;
  }

  itemsFromSource(sourceKey: string): Set<string> {
    return new Set((this.statement(SQL.itemsFromSource).all(sourceKey) as Array<{ kind: string; item_id: string }>).map((row) => `${row.kind}\u0000${row.item_id}`));
  }

  /** True when some trusted source brought this item; an item no source brought is the office's own. */
  broughtByAnySource(kind: BundleKind, id: string): boolean {
    return this.statement(SQL.broughtByAnySource).get(kind, id) !== undefined;
  }

  rememberItem(sourceKey: string, kind: BundleKind, id: string): void {
    this.statement(SQL.rememberItem).run(sourceKey, kind, id);
  }

  forgetItem(kind: BundleKind, id: string): void {
    this.statement(SQL.forgetItem).run(kind, id);
  }

  findImport(bundleId: string): ImportRecord | undefined {
    const row = this.statement(SQL.findImport).get(bundleId) as ImportRow | undefined;
    return row && importRecordOf(row);
  }

  lastImportFrom(sourceKey: string): ImportRecord | undefined {
    const row = this.statement(SQL.lastImportFrom).get(sourceKey) as ImportRow | undefined;
    return row && importRecordOf(row);
  }

  recordImport(record: ImportRecord): void {
    this.statement(SQL.recordImport).run(record.bundleId, record.sourceKey, record.sourceName, record.baseBundleId, record.createdAt, record.appliedAt, JSON.stringify(record.report));
  }

  listImports(limit: number): ImportRecord[] {
    return (this.statement(SQL.listImports).all(limit) as ImportRow[]).map(importRecordOf);
  }
}
