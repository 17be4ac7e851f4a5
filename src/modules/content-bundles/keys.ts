// Ed25519 keys of content bundles (node:crypto only). Headquarters keeps the private key in a file
// readable by its owner only; a field office trusts the public key, written as one pasteable line
// (@shared/public-key-line, which the configuration checks too).
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { lineOfPublicKey, publicKeyFromLine } from '@shared/public-key-line';

export interface SigningKey {
  privateKey: KeyObject;
  /** The public key line offices trust. */
  publicKeyLine: string;
}

/** Writes a new private key (PEM, mode 600, never over an existing file) and its public line beside it as <file>.pub. */
export function generateSigningKey(privateKeyFile: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyLine = lineOfPublicKey(publicKey);
  writeFileSync(privateKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  writeFileSync(`${privateKeyFile}.pub`, `${publicKeyLine}\n`, { mode: 0o644, flag: 'w' });
  return { privateKey, publicKeyLine };
}

/** True when others than the owner may read the file (POSIX only; Windows has no such bits). */
export function isReadableByOthers(file: string): boolean {
  return process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0;
}

export function loadSigningKey(privateKeyFile: string): SigningKey {
  const privateKey = createPrivateKey(readFileSync(privateKeyFile));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${privateKeyFile} does not hold an Ed25519 private key`);
  return { privateKey, publicKeyLine: lineOfPublicKey(createPublicKey(privateKey)) };
}

export function signBytes(data: Buffer, privateKey: KeyObject): string {
  return sign(null, data, privateKey).toString('base64');
}

export function signatureMatches(data: Buffer, signatureBase64: string, publicKeyLine: string): boolean {
  try {
    return verify(null, data, publicKeyFromLine(publicKeyLine), Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}
