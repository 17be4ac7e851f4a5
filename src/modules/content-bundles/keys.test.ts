// Keys, signatures and fingerprints on their own.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isPublicKeyLine } from '@shared/public-key-line';
import { generateSigningKey, loadSigningKey, signatureMatches, signBytes } from './keys';
import { removeStaleWorkFolders } from './site';
import { canonicalJson } from './snapshot';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-keys-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('signing keys', () => {
  it('sign and verify, and refuse a changed byte, another key, or a malformed signature', () => {
    const key = generateSigningKey(path.join(scratch, 'a.pem'));
    const other = generateSigningKey(path.join(scratch, 'b.pem'));
    expect(loadSigningKey(path.join(scratch, 'a.pem')).publicKeyLine).toBe(key.publicKeyLine);
    const data = Buffer.from('{"bundleId":"x"}');
    const signature = signBytes(data, key.privateKey);
    expect(signatureMatches(data, signature, key.publicKeyLine)).toBe(true);
    expect(signatureMatches(Buffer.from('{"bundleId":"y"}'), signature, key.publicKeyLine)).toBe(false);
    expect(signatureMatches(data, signature, other.publicKeyLine)).toBe(false);
    expect(signatureMatches(data, 'AAAA', key.publicKeyLine)).toBe(false);
    expect(signatureMatches(data, signature, 'ed25519:short')).toBe(false);
  });

  it('read only well-formed public key lines, and CONTENT_TRUSTED_KEYS refuses anything else at start', () => {
    const { publicKeyLine } = generateSigningKey(path.join(scratch, 'c.pem'));
    expect(isPublicKeyLine(publicKeyLine)).toBe(true);
    for (const bad of ['', 'ed25519:', `${publicKeyLine}x`, publicKeyLine.replace('ed25519:', 'rsa:'), ' '.concat(publicKeyLine), '-----BEGIN PUBLIC KEY-----']) {
      expect(isPublicKeyLine(bad), bad).toBe(false);
    }
    const dataDir = path.join(scratch, 'data');
    expect(loadConfig({ DATA_DIR: dataDir, CONTENT_TRUSTED_KEYS: ` ${publicKeyLine},\n${publicKeyLine} ` }).contentTrustedKeys).toEqual([publicKeyLine]);
    expect(() => loadConfig({ DATA_DIR: dataDir, CONTENT_TRUSTED_KEYS: 'ed25519:abc' })).toThrow(/CONTENT_TRUSTED_KEYS/);
  });
});

describe('fingerprints', () => {
  it('compare items whatever the order of their keys', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
  });
});

describe('work folders', () => {
  it('of an interrupted import are removed once they are an hour old; other folders stay', () => {
    const dataDir = mkdtempSync(path.join(scratch, 'work-'));
    for (const name of ['.content-import-abc', '.content-request-def', 'uploads', 'backups']) mkdirSync(path.join(dataDir, name));
    expect(removeStaleWorkFolders(dataDir, 60 * 60 * 1000)).toEqual([]);
    expect(removeStaleWorkFolders(dataDir, 60 * 60 * 1000, Date.now() + 2 * 60 * 60 * 1000).sort()).toEqual(['.content-import-abc', '.content-request-def']);
    expect(readdirSync(dataDir).sort()).toEqual(['backups', 'uploads']);
  });
});
