// This process's unpacked folder (single executable only), and the native addons loaded from it.
// The bundle `npm run build:binary` makes routes better-sqlite3's and sharp's own loaders, and
// the API documentation's folder, here (scripts/binary/bundle.ts).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { zstdDecompressSync } from 'node:zlib';
import { unpackLocation } from '../config';
import { embeddedFile, UNPACK_COMMAND } from './single-executable';
import { findUnpackedFiles, unpackFiles, type EmbeddedFiles, type NativeName, type UnpackedFiles } from './unpacked-files';

/** Each file is embedded zstd-compressed under files/<path>; the manifest as it is. */
const executableFiles: EmbeddedFiles = {
  manifestText: () => Buffer.from(embeddedFile('manifest.json')).toString('utf8'),
  contents: (relativePath) => zstdDecompressSync(embeddedFile(`files/${relativePath}`)),
};

/** Writes the folder in this process (the unpack command), or finds it complete. */
export function unpackHere(): UnpackedFiles {
  return unpackFiles(unpackLocation(), executableFiles);
}

let unpacked: UnpackedFiles | undefined;

/**
 * The folder, complete. At the first start a short-lived copy of this executable writes it
 * (`unpack`): decompressing 26 MB leaves some 50 MB of buffers that V8 would keep around in a
 * server at rest, so that work happens in a process that then exits. Should that copy fail, the
 * work is done here, which also gives the reason to report.
 */
export function unpackedFiles(): UnpackedFiles {
  if (unpacked) return unpacked;
  const base = unpackLocation();
  let found = findUnpackedFiles(base, executableFiles);
  if (!found) {
    spawnSync(process.execPath, [UNPACK_COMMAND], { stdio: 'ignore', windowsHide: true });
    found = findUnpackedFiles(base, executableFiles) ?? unpackFiles(base, executableFiles);
  }
  unpacked = found;
  return found;
}

export function unpackedFolder(): string {
  return unpackedFiles().dir;
}

export function loadNativeAddon(name: NativeName): unknown {
  const addon = unpackedFiles().nativeAddon(name);
  return createRequire(addon)(addon);
}
