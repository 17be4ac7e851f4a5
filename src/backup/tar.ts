// A minimal ustar writer and reader (regular files only), gzip-compressed with node:zlib.
// Enough for our own backup archives, so no archive dependency is needed.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';

const BLOCK = 512;

/** Archive member names: relative, forward slashes, no empty, "." or ".." segments. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export function isSafeMemberName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  return name.split('/').every((segment) => SAFE_SEGMENT.test(segment) && segment !== '..');
}

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  block.write(value, offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

/** Splits long names across ustar's prefix (155) and name (100) fields. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  const cut = name.lastIndexOf('/', 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`archive member name too long: ${name}`);
  return { prefix: name.slice(0, cut), name: name.slice(cut + 1) };
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (!isSafeMemberName(name)) throw new Error(`unsafe archive member name: ${name}`);
  const block = Buffer.alloc(BLOCK, 0);
  const parts = splitName(name);
  writeString(block, 0, 100, parts.name);
  writeString(block, 100, 8, octal(0o644, 8));
  writeString(block, 108, 8, octal(0, 8));
  writeString(block, 116, 8, octal(0, 8));
  writeString(block, 124, 12, octal(size, 12));
  writeString(block, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  writeString(block, 148, 8, '        ');
  writeString(block, 156, 1, '0');
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, parts.prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return block;
}

export interface ArchivedFile {
  /** Member name inside the archive. */
  path: string;
  size: number;
  sha256: string;
}

/** Streams files into a .tar.gz, hashing each as it goes. */
export class TarGzWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;

  constructor(outFile: string) {
    this.done = pipeline(this.gzip, createWriteStream(outFile, { flags: 'wx' }));
    // pipeline's rejection is observed in finish(); avoid an unhandled rejection meanwhile.
    this.done.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<ArchivedFile> {
    await this.write(tarHeader(name, data.length, mtime));
    await this.write(data);
    await this.pad(data.length);
    return { path: name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /** Adds a file of a known size; a file that changes size meanwhile is an error. */
  async addFile(name: string, sourcePath: string, size: number, mtime: Date): Promise<ArchivedFile> {
    await this.write(tarHeader(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    if (size > 0) {
      for await (const chunk of createReadStream(sourcePath, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        written += chunk.length;
        await this.write(chunk);
      }
    }
    if (written !== size) throw new Error(`${sourcePath} changed size while it was archived`);
    await this.pad(size);
    return { path: name, size, sha256: hash.digest('hex') };
  }

  private async pad(size: number): Promise<void> {
    const remainder = size % BLOCK;
    if (remainder) await this.write(Buffer.alloc(BLOCK - remainder, 0));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2, 0));
    this.gzip.end();
    await this.done;
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(block: Buffer): { name: string; size: number; type: string } {
  const stored = parseInt(readString(block, 148, 8).trim() || 'x', 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i];
  if (stored !== sum) throw new Error('archive is damaged: bad tar header checksum');
  const prefix = readString(block, 345, 155);
  const name = prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100);
  const size = parseInt(readString(block, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('archive is damaged: bad member size');
  return { name, size, type: readString(block, 156, 1) || '0' };
}

export interface TarEntry {
  name: string;
  size: number;
}

/** Receives exactly `size` bytes of one member, then end(). */
export interface EntrySink {
  /**
   * May answer a promise: the archive is read on once it settles (a member written to disk as it
   * comes, off the event loop, without gathering more of it in memory than one piece).
   */
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Streams a .tar.gz member by member without writing anything itself: for each header (a regular
 * file with a safe relative name, seen once) `open` decides where its bytes go, and may throw to
 * refuse the member before a single byte of it is read. Reading stops at the end-of-archive
 * blocks, so nothing behind them is even decompressed.
 */
export async function readTarGz(archive: string, open: (entry: TarEntry) => EntrySink): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const seen = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let current: { sink: EntrySink; remaining: number; padding: number } | null = null;
  let skipPadding = 0;
  let ended = false;

  /** What the sinks are still writing of the piece consume() just read. */
  const writing: Array<Promise<void>> = [];
  const consume = (): void => {
    for (;;) {
      if (current) {
        const take = Math.min(current.remaining, pending.length);
        if (take > 0) {
          const written = current.sink.write(pending.subarray(0, take));
          if (written) writing.push(written);
        }
        pending = pending.subarray(take);
        current.remaining -= take;
        if (current.remaining > 0) return;
        const closing = current.sink.end();
        if (closing) writing.push(closing);
        skipPadding = current.padding;
        current = null;
      }
      if (skipPadding > 0) {
        const skip = Math.min(skipPadding, pending.length);
        pending = pending.subarray(skip);
        skipPadding -= skip;
        if (skipPadding > 0) return;
      }
      if (ended || pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) { ended = true; return; }
      const header = parseHeader(block);
      if (header.type !== '0') throw new Error(`archive holds an unsupported entry: ${header.name}`);
      if (!isSafeMemberName(header.name)) throw new Error(`archive holds an unsafe name: ${header.name}`);
      if (seen.has(header.name)) throw new Error(`archive holds ${header.name} twice`);
      seen.add(header.name);
      const entry = { name: header.name, size: header.size };
      entries.push(entry);
      current = { sink: open(entry), remaining: header.size, padding: (BLOCK - (header.size % BLOCK)) % BLOCK };
    }
  };

  const gunzip = createGunzip();
  const source = createReadStream(archive);
  source.on('error', (error) => gunzip.destroy(error));
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        consume();
      } catch (error) {
        // A member refused midway: its file is closed before the refusal is thrown.
        await Promise.allSettled(writing.splice(0));
        throw error;
      }
      await Promise.all(writing.splice(0));
      if (ended) break;
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (current || !ended) throw new Error('archive is damaged: it ends early');
  return entries;
}

/**
 * Writes every member under destDir (which must be empty) and answers their names in archive
 * order. Bounds are the caller's: content bundles measure the unpacked size first.
 */
export async function extractTarGz(archive: string, destDir: string): Promise<string[]> {
  let openFile: number | null = null;
  try {
    const entries = await readTarGz(archive, (entry) => {
      const target = path.join(destDir, ...entry.name.split('/'));
      mkdirSync(path.dirname(target), { recursive: true });
      const fd = openSync(target, 'wx');
      openFile = fd;
      return {
        write: (chunk) => { writeSync(fd, chunk); },
        end: () => { closeSync(fd); openFile = null; },
      };
    });
    return entries.map((entry) => entry.name);
  } finally {
    // A damaged archive can stop in the middle of a member: its file is closed all the same.
    if (openFile !== null) closeSync(openFile);
  }
}
