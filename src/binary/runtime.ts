// This process's unpacked folder (single executable only), and the native addons loaded from it.
// The bundle `npm run build:binary` makes routes better-sqlite3's and sharp's own loaders, and
// the API documentation's folder, here (scripts/binary/bundle.ts).
import { createRequire } from 'node:module';
import { zstdDecompressSync } from 'node:zlib';
import { unpackLocation } from '../config';
import { embeddedFile } from './single-executable';
import { unpackFiles, type EmbeddedFiles, type NativeName, type UnpackedFiles } from './unpacked-files';

/** Each file is embedded zstd-compressed under files/<path>; the manifest as it is. */
const executableFiles: EmbeddedFiles = {
  manifestText: () => Buffer.from(embeddedFile('manifest.json')).toString('utf8'),
  contents: (relativePath) => zstdDecompressSync(embeddedFile(`files/${relativePath}`)),
};

let unpacked: UnpackedFiles | undefined;

/** Written at the first call of the first start, found complete afterwards. */
export function unpackedFiles(): UnpackedFiles {
  unpacked ??= unpackFiles(unpackLocation(), executableFiles);
  return unpacked;
}

export function unpackedFolder(): string {
  return unpackedFiles().dir;
}

export function loadNativeAddon(name: NativeName): unknown {
  const addon = unpackedFiles().nativeAddon(name);
  return createRequire(addon)(addon);
}
