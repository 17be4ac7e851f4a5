import { randomBytes } from 'node:crypto';

/** Opaque record ids: 24 hex characters, like the ids the original client expects. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}
