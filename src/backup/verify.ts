// Checks an archive completely before anything is replaced, and writes nothing until the
// manifest is known:
// 1. a first pass reads the archive without writing a byte: the manifest and its signature into
//    memory, every other member only through sha256; each must be listed in the manifest with
//    exactly its size and checksum, and all of them must fit on the disk;
// 2. the signature is checked against this DATA_DIR's key (refused unless allowed when missing
//    or from another key, always refused when altered);
// 3. a second pass extracts, refusing any member whose name or size differs from the manifest
//    before writing a byte of it (so at most the listed sizes are ever written), and checks each
//    checksum again;
// 4. SQLite's integrity check and the schema check (every table, index and FTS table of its
//    migrations, nothing else) run on the extracted database.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, statfsSync, writeSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { syncDirectory, syncFile } from '@shared/durable-files';
import { DATABASE_MEMBER, MANIFEST_MEMBER, UPLOADS_PREFIX, parseManifest, type BackupManifest } from './manifest';
import { checkSchema } from './schema-check';
import { SIGNATURE_MEMBER, checkSignature, type SignatureCheck } from './signing';
import { readTarGz, type EntrySink } from './tar';

export class BackupRefusedError extends Error {
  constructor(archive: string, reason: string) {
    super(`${path.basename(String(archive))} was refused: ${reason}`);
    this.name = 'BackupRefusedError';
  }
}

/** The archive is sound but not signed by the key this restore trusts; allowUnsigned accepts it. */
export class UnsignedBackupError extends BackupRefusedError {
  constructor(archive: string, readonly check: SignatureCheck['status']) {
    super(archive, describeSignature(check));
    this.name = 'UnsignedBackupError';
  }
}

export function describeSignature(status: SignatureCheck['status']): string {
  switch (status) {
    case 'valid': return 'it is signed with this installation\'s backup key';
    case 'unsigned': return 'it is not signed, so nothing shows it was made by this installation (or by this site at all)';
    case 'other-key': return 'it is signed with another backup key than this installation\'s (another installation, or someone else\'s key)';
    case 'no-key': return 'this data folder has no backup key (DATA_DIR/backup-key) to check its signature with';
    case 'altered': return 'its signature does not match its contents: it was changed after it was signed';
  }
}

/** Bounds on what an archive may make the restore hold or write. */
export const RESTORE_LIMITS = {
  /** manifest.json and manifest.sig are read into memory. */
  metadataBytes: 32 * 1024 * 1024,
  members: 1_000_000,
  /** Kept free on the data disk beyond what the archive lists. */
  freeSpaceMarginBytes: 64 * 1024 * 1024,
} as const;

export interface VerifyOptions {
  /** The key backups of this installation are signed with (null when there is none). */
  key: Buffer | null;
  /** Accept an unsigned archive, or one signed with another key (never an altered one). */
  allowUnsigned?: boolean;
}

export interface VerifiedBackup {
  manifest: BackupManifest;
  signature: SignatureCheck['status'];
}

function freeBytes(directory: string): number {
  const stats = statfsSync(directory);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Keeps the member in memory: only manifest.json and manifest.sig, within RESTORE_LIMITS.metadataBytes. */
function memorySink(name: string, size: number, store: (bytes: Buffer) => void): EntrySink {
  if (size > RESTORE_LIMITS.metadataBytes) throw new Error(`${name} is ${size} bytes, more than a manifest can be`);
  const chunks: Buffer[] = [];
  return { write: (chunk) => { chunks.push(Buffer.from(chunk)); }, end: () => store(Buffer.concat(chunks)) };
}

function hashSink(done: (sha256: string) => void): EntrySink {
  const hash = createHash('sha256');
  return { write: (chunk) => { hash.update(chunk); }, end: () => done(hash.digest('hex')) };
}

interface Scan { manifest: Buffer | null; signature: Buffer | null; members: Map<string, { size: number; sha256: string }> }

/** Pass 1: nothing is written. Stops early once the members cannot fit on the data disk. */
async function scan(archive: string, spaceBudget: number): Promise<Scan> {
  const result: Scan = { manifest: null, signature: null, members: new Map() };
  let total = 0;
  await readTarGz(archive, (entry) => {
    if (entry.name === MANIFEST_MEMBER) return memorySink(entry.name, entry.size, (bytes) => { result.manifest = bytes; });
    if (entry.name === SIGNATURE_MEMBER) return memorySink(entry.name, entry.size, (bytes) => { result.signature = bytes; });
    if (result.members.size >= RESTORE_LIMITS.members) throw new Error(`it holds more than ${RESTORE_LIMITS.members} files`);
    total += entry.size;
    if (total > spaceBudget) throw new Error(`its files need more than the ${Math.floor(spaceBudget / 1024 / 1024)} MB free on the data disk`);
    return hashSink((sha256) => result.members.set(entry.name, { size: entry.size, sha256 }));
  });
  return result;
}

function checkAgainstManifest(manifest: BackupManifest, members: Scan['members'], spaceBudget: number): void {
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  if (listed.size !== manifest.files.length) throw new Error('manifest.json lists a file twice');
  for (const file of manifest.files) {
    if (file.path !== DATABASE_MEMBER && !file.path.startsWith(UPLOADS_PREFIX)) throw new Error(`unexpected member ${file.path}`);
    const found = members.get(file.path);
    if (!found) throw new Error(`${file.path} is missing`);
    if (found.size !== file.size) throw new Error(`${file.path} has the wrong size`);
    if (found.sha256 !== file.sha256) throw new Error(`${file.path} does not match its checksum`);
  }
  for (const name of members.keys()) {
    if (!listed.has(name)) throw new Error(`${name} is in the archive but not in the manifest`);
  }
  const total = manifest.files.reduce((sum, file) => sum + file.size, 0);
  if (total > spaceBudget) throw new Error(`its files need ${Math.ceil(total / 1024 / 1024)} MB, more than is free on the data disk`);
}

/** Pass 2: writes each listed member, never more than its listed size, and checks it again. */
async function extract(archive: string, manifest: BackupManifest, stageDir: string): Promise<string[]> {
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  const written = new Set<string>();
  await readTarGz(archive, (entry) => {
    if (entry.name === MANIFEST_MEMBER || entry.name === SIGNATURE_MEMBER) return hashSink(() => undefined);
    const file = listed.get(entry.name);
    if (!file) throw new Error(`${entry.name} is in the archive but not in the manifest`);
    if (entry.size !== file.size) throw new Error(`${entry.name} has the wrong size`);
    const target = path.join(stageDir, ...entry.name.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    const fd = openSync(target, 'wx');
    const hash: Hash = createHash('sha256');
    written.add(entry.name);
    return {
      write: (chunk) => { hash.update(chunk); writeSync(fd, chunk); },
      end: () => {
        closeSync(fd);
        if (hash.digest('hex') !== file.sha256) throw new Error(`${entry.name} does not match its checksum (the archive changed while it was read)`);
      },
    };
  });
  for (const file of manifest.files) {
    if (!written.has(file.path)) throw new Error(`${file.path} is missing`);
  }
  return [...written].map((name) => path.join(stageDir, ...name.split('/')));
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const problems = result.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new Error(`the database fails its integrity check: ${problems.slice(0, 3).join('; ')}`);
  } finally {
    db.close();
  }
}

function plainReason(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  // zlib reports damaged data with terse codes; say it plainly.
  return /incorrect header check|unexpected end|invalid|Z_DATA_ERROR|Z_BUF_ERROR/i.test(reason) ? `the archive is damaged (${reason})` : reason;
}

/** Checks the archive and extracts it into the empty stageDir; throws BackupRefusedError when unfit. */
export async function verifyBackup(archive: string, stageDir: string, options: VerifyOptions): Promise<VerifiedBackup> {
  let manifest: BackupManifest;
  let signature: SignatureCheck['status'];
  try {
    const spaceBudget = freeBytes(stageDir) - RESTORE_LIMITS.freeSpaceMarginBytes;
    const scanned = await scan(archive, spaceBudget);
    if (!scanned.manifest) throw new Error('it holds no manifest.json');
    manifest = parseManifest(scanned.manifest.toString('utf8'));
    checkAgainstManifest(manifest, scanned.members, spaceBudget);
    signature = checkSignature(scanned.manifest, scanned.signature, options.key).status;
  } catch (error) {
    throw new BackupRefusedError(archive, plainReason(error));
  }
  if (signature === 'altered') throw new BackupRefusedError(archive, describeSignature(signature));
  if (signature !== 'valid' && !options.allowUnsigned) throw new UnsignedBackupError(archive, signature);
  try {
    const written = await extract(archive, manifest, stageDir);
    for (const file of written) await syncFile(file);
    await syncDirectory(stageDir);
    if (manifest.files.some((file) => file.path.startsWith(UPLOADS_PREFIX))) await syncDirectory(path.join(stageDir, 'uploads'));
    const database = path.join(stageDir, DATABASE_MEMBER);
    checkIntegrity(database);
    await checkSchema(database);
    return { manifest, signature };
  } catch (error) {
    throw new BackupRefusedError(archive, plainReason(error));
  }
}
