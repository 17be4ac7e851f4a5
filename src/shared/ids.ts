import { randomBytes } from 'node:crypto';

/** Opaque record ids: 24 hex characters, like the ids the original client expects. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** 2026-11-23T09:05:07Z -> 20261123-090507 (UTC): names backups, bundles and figures files so they sort by time. */
export function utcStamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace(/-|:/g, '').replace('T', '-');
}

/** 20261123-093512-4f9a2c: when it was made (UTC), then 6 random hex digits. Names content bundles and figures files. */
export const STAMPED_ID_PATTERN = '^\\d{8}-\\d{6}-[0-9a-f]{6}$';

export function stampedId(now: Date): string {
  return `${utcStamp(now)}-${randomBytes(3).toString('hex')}`;
}
