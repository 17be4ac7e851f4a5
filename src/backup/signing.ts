// Backups are signed with a key kept in DATA_DIR (backup-key, generated on the first backup),
// so a restore can tell an archive this installation made from one someone crafted (a planted
// administrator restores cleanly otherwise: the archive format itself is public). The signature
// is an HMAC-SHA256 of manifest.json, which holds every member's size and sha256.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BACKUP_KEY_FILE = 'backup-key';
export const SIGNATURE_MEMBER = 'manifest.sig';
const ALGORITHM = 'HMAC-SHA256';

export interface BackupSignature {
  algorithm: typeof ALGORITHM;
  /** Names the key without revealing it, so a restore can say "another installation's key". */
  keyId: string;
  /** hex HMAC-SHA256 of the manifest's exact bytes. */
  signature: string;
}

export type SignatureCheck =
  | { status: 'valid' }
  | { status: 'unsigned' }
  /** Signed, but not with the key this restore checks against (another installation, or an attacker's own key). */
  | { status: 'other-key' }
  /** No key to check against (this DATA_DIR never made a backup, and no --key was given). */
  | { status: 'no-key' }
  /** Claims this key but does not match: the archive was changed after it was signed. */
  | { status: 'altered' };

export function backupKeyPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_KEY_FILE);
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The key, created (32 random bytes, readable by the owner only) when there is none yet. */
export function loadOrCreateBackupKey(keyFile: string): Buffer {
  if (!existsSync(keyFile)) {
    try {
      writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Two backups starting at once: the other one wrote it first, which is just as good.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readBackupKey(keyFile)!;
}

export function readBackupKey(keyFile: string): Buffer | null {
  if (!existsSync(keyFile)) return null;
  const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  if (key.length < 32) throw new Error(`${keyFile} is not a backup key (too short)`);
  return key;
}

export function signManifest(manifest: Buffer, key: Buffer): BackupSignature {
  return { algorithm: ALGORITHM, keyId: keyId(key), signature: createHmac('sha256', key).update(manifest).digest('hex') };
}

export function checkSignature(manifest: Buffer, signatureText: Buffer | null, key: Buffer | null): SignatureCheck {
  if (!signatureText) return { status: 'unsigned' };
  let claimed: Partial<BackupSignature>;
  try {
    claimed = JSON.parse(signatureText.toString('utf8')) as Partial<BackupSignature>;
  } catch {
    return { status: 'altered' };
  }
  if (claimed.algorithm !== ALGORITHM || typeof claimed.signature !== 'string' || typeof claimed.keyId !== 'string') return { status: 'altered' };
  if (!key) return { status: 'no-key' };
  if (claimed.keyId !== keyId(key)) return { status: 'other-key' };
  const expected = Buffer.from(signManifest(manifest, key).signature, 'hex');
  const actual = Buffer.from(claimed.signature, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? { status: 'valid' } : { status: 'altered' };
}
