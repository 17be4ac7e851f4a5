// The server's own daily backup into DATA_DIR/backups, keeping the newest N archives.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describeStorageError } from '../storage-errors';
import { createBackup, type BackupSource } from './create';
import { backupKeyPath } from './signing';

export const DAILY_PREFIX = 'daily';
const DAILY_ARCHIVE = /^daily-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A little under a day, so an hourly check does not drift a backup later each day. */
const DUE_AFTER_MS = DAY_MS - 30 * 60 * 1000;

export interface DailyBackupTimings {
  /** First check after start; kept away from start-up so it does not slow the first answers. */
  firstCheckMs: number;
  checkEveryMs: number;
}

const DEFAULT_TIMINGS: DailyBackupTimings = { firstCheckMs: 60_000, checkEveryMs: 60 * 60 * 1000 };

/** Daily archives in the folder, newest first (names sort by their UTC timestamp). */
export function listDailyBackups(backupsDir: string): string[] {
  let names: string[];
  try { names = readdirSync(backupsDir); } catch { return []; }
  return names.filter((name) => DAILY_ARCHIVE.test(name)).sort().reverse().map((name) => path.join(backupsDir, name));
}

/** Removes all but the newest `keep` daily archives; returns the removed paths. */
export function pruneDailyBackups(backupsDir: string, keep: number): string[] {
  const removed = listDailyBackups(backupsDir).slice(keep);
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

/** Makes a daily backup when the newest one is about a day old (or there is none). */
export async function runDailyBackupIfDue(source: BackupSource, backupsDir: string, keep: number, now = new Date()): Promise<string | null> {
  if (keep <= 0) return null;
  const newest = listDailyBackups(backupsDir)[0];
  if (newest && now.getTime() - statSync(newest).mtimeMs < DUE_AFTER_MS) return null;
  const { file } = await createBackup(source, backupsDir, { prefix: DAILY_PREFIX, now });
  pruneDailyBackups(backupsDir, keep);
  return file;
}

export interface DailyBackupOptions {
  source: BackupSource;
  backupsDir: string;
  keep: number;
  log: Pick<FastifyInstance['log'], 'info' | 'error'>;
  timings?: DailyBackupTimings;
}

/** Checks hourly (first a minute after start) and backs up once a day. stop() waits for a backup in progress. */
export function startDailyBackups({ source, backupsDir, keep, log, timings = DEFAULT_TIMINGS }: DailyBackupOptions): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let busy = false;
  const check = () => {
    if (stopped || busy) return;
    busy = true;
    running = runDailyBackupIfDue(source, backupsDir, keep)
      .then((file) => { if (file) log.info({ file }, 'daily backup written'); })
      .catch((error: unknown) => {
        const storage = describeStorageError(error, source.databaseFile);
        if (storage) log.error(`daily backup failed: ${storage}`);
        else log.error({ err: error }, 'daily backup failed');
      })
      .finally(() => { busy = false; });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    check();
    interval = setInterval(check, timings.checkEveryMs);
    interval.unref();
  }, timings.firstCheckMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      if (interval) clearInterval(interval);
      await running;
    },
  };
}

/**
 * The server's daily backup through its own connection (config.dailyBackupsKept, 0 = off).
 * Call before the app is ready (runStartupTasks): closing the app stops the timer and waits for
 * a backup in progress before the database plugin closes the connection (onClose runs last-in, first-out).
 */
export function scheduleDailyBackups(app: FastifyInstance, timings?: DailyBackupTimings): void {
  const { dailyBackupsKept, backupsDir, databaseFile, uploadsDir, dataDir } = app.config;
  if (dailyBackupsKept <= 0) return;
  const schedule = startDailyBackups({ source: { databaseFile, uploadsDir, keyFile: backupKeyPath(dataDir), sqlite: app.sqlite }, backupsDir, keep: dailyBackupsKept, log: app.log, timings });
  app.addHook('onClose', async () => { await schedule.stop(); });
}
