// What an executable carries besides its code, for one target: better-sqlite3's prebuilt binary,
// sharp's addon and libvips, the content bundles' worker script, the built web client and the API
// documentation's files. Each file is
// compressed with zstd (the executable decompresses it at its first start) and listed in the
// manifest with its size and SHA-256 (src/binary/unpacked-files.ts reads it).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, zstdCompressSync } from 'node:zlib';
import type { NativeName, UnpackManifest } from '../../src/binary/unpacked-files';
import { BUNDLE_WORKER_FILE, packageAssetFiles } from '../build-server.mjs';
import { registryPackage } from './registry-cache';
import type { BinaryTarget } from './targets';

/** zstd level 12: libvips (18 MB) to 7.5 MB in about 2 s; level 19 saves 0.6 MB more for 10 s. */
const ZSTD_LEVEL = 12;

interface PayloadFile { source: string; path: string }

export interface Payload {
  manifest: UnpackManifest;
  manifestText: string;
  /** SEA asset key → the compressed file to embed. */
  assets: Record<string, string>;
  /** Bytes before and after compression. */
  bytes: { raw: number; compressed: number };
}

function filesUnder(dir: string, prefix: string, keep: (name: string) => boolean = () => true): PayloadFile[] {
  const found: PayloadFile[] = [];
  for (const name of readdirSync(dir).sort()) {
    const source = path.join(dir, name);
    if (statSync(source).isDirectory()) found.push(...filesUnder(source, `${prefix}/${name}`, keep));
    else if (keep(name)) found.push({ source, path: `${prefix}/${name}` });
  }
  return found;
}

function dependencyVersion(root: string, packageName: string, dependency: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', packageName, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
  const version = manifest.optionalDependencies?.[dependency];
  if (!version) throw new Error(`${packageName} names no version of ${dependency}`);
  return version;
}

/** The native files: better-sqlite3's binary, sharp's addon with its libraries (their lib/ folders only). */
function nativeFiles(root: string, cacheDir: string, target: BinaryTarget): { files: PayloadFile[]; natives: UnpackManifest['natives'] } {
  const sqlite: PayloadFile = { source: path.join(root, 'node_modules', 'better-sqlite3', 'prebuilds', `${target.sqlitePrebuild}.node`), path: 'better-sqlite3/better_sqlite3.node' };
  if (!existsSync(sqlite.source)) throw new Error(`better-sqlite3 has no prebuilt binary for ${target.name}: ${sqlite.source}`);
  // The addon finds libvips through its run path ($ORIGIN/../../sharp-libvips-<platform>/lib):
  // the packages keep their @img/<name>/lib layout.
  const sharpFiles = target.sharpPackages.flatMap((name) => {
    const dir = registryPackage(cacheDir, name, dependencyVersion(root, 'sharp', name));
    return filesUnder(path.join(dir, 'lib'), `sharp/${name}/lib`, (file) => /\.(node|dll)$|\.so(\.\d+)*$|\.dylib$/.test(file));
  });
  const addon = sharpFiles.find((file) => file.path.endsWith('.node'));
  if (!addon) throw new Error(`no sharp addon in ${target.sharpPackages.join(', ')}`);
  const natives: Record<NativeName, { addon: string; files: string[] }> = {
    'better-sqlite3': { addon: sqlite.path, files: [sqlite.path] },
    sharp: { addon: addon.path, files: sharpFiles.map((file) => file.path) },
  };
  return { files: [sqlite, ...sharpFiles], natives };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The compressed copy of a file, kept under .tmp-binary/compressed/ by content (rebuilds reuse it). */
function compressed(cacheDir: string, bytes: Buffer, hash: string): string {
  const file = path.join(cacheDir, 'compressed', `${hash}.${ZSTD_LEVEL}.zst`);
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const packed = zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  writeFileSync(`${file}.tmp`, packed);
  renameSync(`${file}.tmp`, file);
  return file;
}

export function buildPayload(options: { root: string; cacheDir: string; target: BinaryTarget; version: string; clientDir: string; bundleWorker: string }): Payload {
  const { root, cacheDir, target, version, clientDir } = options;
  const natives = nativeFiles(root, cacheDir, target);
  const files = [
    ...natives.files,
    // The content bundles' worker thread: Node reads a worker's script from a file.
    { source: options.bundleWorker, path: BUNDLE_WORKER_FILE },
    ...filesUnder(clientDir, 'client'),
    ...packageAssetFiles().map(([source, target]) => ({ source, path: target })),
  ];
  const manifest: UnpackManifest = { format: 1, version, target: target.name, natives: natives.natives, files: [] };
  const assets: Record<string, string> = {};
  const bytes = { raw: 0, compressed: 0 };
  for (const file of files) {
    const contents = readFileSync(file.source);
    const hash = sha256(contents);
    manifest.files.push({ path: file.path, size: contents.length, sha256: hash });
    assets[`files/${file.path}`] = compressed(cacheDir, contents, hash);
    bytes.raw += contents.length;
    bytes.compressed += statSync(assets[`files/${file.path}`]).size;
  }
  return { manifest, manifestText: JSON.stringify(manifest), assets, bytes };
}
