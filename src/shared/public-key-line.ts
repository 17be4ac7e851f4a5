// A public Ed25519 key as one pasteable line: "ed25519:" and the 32 raw key bytes in base64url.
// Headquarters gives it to field offices, which trust it for content bundles (CONTENT_TRUSTED_KEYS
// or the dashboard); node:crypto only.
import { createPublicKey, type KeyObject } from 'node:crypto';

const PREFIX = 'ed25519:';
const LINE = /^ed25519:[A-Za-z0-9_-]{43}$/;

export function isPublicKeyLine(value: string): boolean {
  if (!LINE.test(value)) return false;
  try {
    publicKeyFromLine(value);
    return true;
  } catch {
    return false;
  }
}

export function publicKeyFromLine(line: string): KeyObject {
  if (!LINE.test(line)) throw new Error('not a public key line');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: line.slice(PREFIX.length) }, format: 'jwk' });
}

export function lineOfPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return `${PREFIX}${jwk.x}`;
}
