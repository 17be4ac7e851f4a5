import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { forgetTodaysDigests } from '../backup/create';
import type { DatabaseHandle } from './connection';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_alt_texts_and_daily_digests';
import * as m003 from './migrations/003_accounts';
import * as m005 from './migrations/005_content_bundles';
import * as m006 from './migrations/006_post_schedule_translations_manage';
import * as m007 from './migrations/007_arabic_city_names';
import * as m008 from './migrations/008_emergency_order_audit_names';
import * as m009 from './migrations/009_published_index_bundle_log';

// Listed statically so that the esbuild bundle carries every migration.
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_alt_texts_and_daily_digests': m002,
  '003_accounts': m003,
  '005_content_bundles': m005,
  '006_post_schedule_translations_manage': m006,
  '007_arabic_city_names': m007,
  '008_emergency_order_audit_names': m008,
  '009_published_index_bundle_log': m009,
};


function timestampForFile(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Runs pending migrations. When the database already holds data and a migration is
 * pending, a copy is first written to backupsDir so a failed upgrade loses nothing.
 */
export async function migrateToLatest(handle: DatabaseHandle, backupsDir: string, allMigrations: Record<string, Migration> = migrations): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations };
  // Numbers are reserved per change and land in any order (008 was applied before 007 existed):
  // a pending migration numbered below one already applied still runs, in number order.
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const known = await migrator.getMigrations();
  const pending = known.filter((m) => !m.executedAt);
  if (pending.length === 0) return [];

  const alreadyHasTables = known.some((m) => m.executedAt) ||
    (handle.sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%'").get() as { n: number }).n > 0;
  if (alreadyHasTables) {
    mkdirSync(backupsDir, { recursive: true });
    const target = path.join(backupsDir, `before-migration-${timestampForFile()}.db`);
    if (!existsSync(target)) {
      await handle.sqlite.backup(target);
      forgetTodaysDigests(target);
    }
  }

  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
