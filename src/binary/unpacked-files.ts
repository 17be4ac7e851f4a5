// The files the single executable carries and the operating system must find on disk: the native
// addons (better-sqlite3, sharp and its libvips), the built web client and the API documentation's
// files. At the first start they are written once into a folder named after the build, each one
// checked against the SHA-256 its manifest lists; later starts find the folder complete and write
// nothing. A native addon's files are checked by hash again before it is loaded, and written
// again from the executable when they differ. See docs/decisions.md, "One file to install".
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type NativeName = 'better-sqlite3' | 'sharp';

export interface UnpackManifest {
  format: 1;
  /** The site's version (package.json). */
  version: string;
  /** e.g. linux-x64, win-x64 */
  target: string;
  /** Each native addon: the file to load, and every file it needs (itself included). */
  natives: Record<NativeName, { addon: string; files: string[] }>;
  /** Every file of the folder, paths with '/'. */
  files: Array<{ path: string; size: number; sha256: string }>;
}

/** Where the files come from: the executable's embedded copies (tests give their own). */
export interface EmbeddedFiles {
  manifestText(): string;
  /** A file's bytes as they are to be written. */
  contents(relativePath: string): Uint8Array;
}

const MANIFEST_FILE = 'manifest.json';
const INCOMING_PREFIX = '.incoming-';
/** Names this module gives folders: a build's (version-target-hash), half-written, set aside. */
const OUR_FOLDER = /^(\.incoming-\w+|[0-9A-Za-z.+-]+-[0-9a-f]{12}(\.damaged-[0-9a-f]{8})?)$/;
/** A half-written folder of another process younger than this may still be in progress. */
const ABANDONED_AFTER_MS = 10 * 60_000;

export class DamagedExecutableError extends Error {
  constructor(file: string) {
    super(`this executable is damaged: its copy of ${file} does not match its checksum. Download it again.`);
    this.name = 'DamagedExecutableError';
  }
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file's SHA-256, read in 1 MB pieces (a 19 MB libvips never sits in memory whole); null when missing. */
export function sha256OfFile(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
    return hash.digest('hex');
  } finally {
    closeSync(fd);
  }
}

/** The folder's name: the version and target, and a hash of the manifest (two builds never share one). */
export function folderNameOf(manifestText: string, manifest: UnpackManifest): string {
  return `${manifest.version}-${manifest.target}-${sha256Of(Buffer.from(manifestText)).slice(0, 12)}`;
}

const onDisk = (dir: string, relativePath: string) => path.join(dir, ...relativePath.split('/'));


export class UnpackedFiles {
  private readonly checkedNatives = new Map<NativeName, string>();

  constructor(readonly dir: string, readonly manifest: UnpackManifest, private readonly embedded: EmbeddedFiles) {}

  get clientDir(): string {
    return path.join(this.dir, 'client');
  }

  /**
   * The path of a native addon whose files all match their checksums: a file that differs (a
   * damaged disk, someone's edit) is written again from the executable's copy first.
   */
  nativeAddon(name: NativeName): string {
    const known = this.checkedNatives.get(name);
    if (known) return known;
    const native = this.manifest.natives[name];
    for (const relativePath of native.files) {
      const expected = this.manifest.files.find((file) => file.path === relativePath);
      if (!expected) throw new DamagedExecutableError(relativePath);
      const file = onDisk(this.dir, relativePath);
      if (sha256OfFile(file) === expected.sha256) continue;
      const bytes = checkedContents(this.embedded, expected);
      const replacement = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(replacement, bytes);
      renameSync(replacement, file);
    }
    const addon = onDisk(this.dir, native.addon);
    this.checkedNatives.set(name, addon);
    return addon;
  }
}

function checkedContents(embedded: EmbeddedFiles, file: UnpackManifest['files'][number]): Uint8Array {
  const bytes = embedded.contents(file.path);
  if (bytes.length !== file.size || sha256Of(bytes) !== file.sha256) throw new DamagedExecutableError(file.path);
  return bytes;
}

/** True when the folder holds this very manifest and every file it lists, at its size. */
function isComplete(dir: string, manifestText: string, manifest: UnpackManifest): boolean {
  try {
    if (readFileSync(path.join(dir, MANIFEST_FILE), 'utf8') !== manifestText) return false;
    return manifest.files.every((file) => {
      const stats = statSync(onDisk(dir, file.path), { throwIfNoEntry: false });
      return stats?.isFile() === true && stats.size === file.size;
    });
  } catch {
    return false;
  }
}

/** Writes every file into a new folder beside the final one, then renames it into place. */
function writeFolder(baseDir: string, manifestText: string, manifest: UnpackManifest, embedded: EmbeddedFiles): string {
  const incoming = mkdtempSync(path.join(baseDir, INCOMING_PREFIX));
  try {
    for (const file of manifest.files) {
      const target = onDisk(incoming, file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, checkedContents(embedded, file));
    }
    // Last: a folder with its manifest is a complete folder.
    writeFileSync(path.join(incoming, MANIFEST_FILE), Buffer.from(manifestText));
    return incoming;
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
}

/** The folder of this build inside baseDir when it is complete, else null (nothing is written). */
export function findUnpackedFiles(baseDir: string, embedded: EmbeddedFiles): UnpackedFiles | null {
  const manifestText = embedded.manifestText();
  const manifest = JSON.parse(manifestText) as UnpackManifest;
  const dir = path.join(baseDir, folderNameOf(manifestText, manifest));
  return isComplete(dir, manifestText, manifest) ? new UnpackedFiles(dir, manifest, embedded) : null;
}

/**
 * The folder of this build inside baseDir, written at the first start. Two processes starting at
 * once (the server and a command) each write their own copy; the first rename wins and the other
 * copy is dropped.
 */
export function unpackFiles(baseDir: string, embedded: EmbeddedFiles): UnpackedFiles {
  const manifestText = embedded.manifestText();
  const manifest = JSON.parse(manifestText) as UnpackManifest;
  const dir = path.join(baseDir, folderNameOf(manifestText, manifest));
  if (!isComplete(dir, manifestText, manifest)) {
    mkdirSync(baseDir, { recursive: true });
    const incoming = writeFolder(baseDir, manifestText, manifest, embedded);
    if (existsSync(dir) && !isComplete(dir, manifestText, manifest)) {
      // An earlier copy with a file missing or cut short: set it aside, then remove it.
      const damaged = `${dir}.damaged-${randomBytes(4).toString('hex')}`;
      renameSync(dir, damaged);
      rmSync(damaged, { recursive: true, force: true });
    }
    try {
      renameSync(incoming, dir);
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      if (!isComplete(dir, manifestText, manifest)) throw error;
    }
  }
  return new UnpackedFiles(dir, manifest, embedded);
}

/**
 * Removes the folders earlier versions left in baseDir (after an upgrade), and copies abandoned
 * half-way; nothing else there is touched. Best effort: a file still in use (a DLL on Windows)
 * stays until a later start.
 */
export function removeOtherFolders(baseDir: string, keep: string, now = Date.now()): string[] {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(baseDir);
  } catch {
    return removed;
  }
  for (const name of entries) {
    const entry = path.join(baseDir, name);
    if (entry === keep || !OUR_FOLDER.test(name)) continue;
    try {
      if (name.startsWith(INCOMING_PREFIX) && now - statSync(entry).mtimeMs < ABANDONED_AFTER_MS) continue;
      rmSync(entry, { recursive: true, force: true, maxRetries: 0 });
      removed.push(name);
    } catch {
      // In use or not ours to remove: left for a later start.
    }
  }
  return removed;
}
