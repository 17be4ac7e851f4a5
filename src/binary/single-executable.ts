// Whether this process is the single executable (Node's SEA, built by `npm run build:binary`), and
// the files embedded in it. Everywhere else (npm start, tests, the kiosk) these are never used.
// node:sea is looked up, not imported: a runtime without it (Electron's, perhaps) is simply not one.
import type * as NodeSea from 'node:sea';

/** The command a short-lived copy of the executable runs to write its files (runtime.ts). */
export const UNPACK_COMMAND = 'unpack';

const sea = process.getBuiltinModule('node:sea') as typeof NodeSea | undefined;

export function isSingleExecutable(): boolean {
  return sea?.isSea() ?? false;
}

/** An embedded file, without a copy: the bytes stay in the executable's mapped memory. */
export function embeddedFile(key: string): Uint8Array {
  if (!sea) throw new Error('not a single executable');
  return new Uint8Array(sea.getRawAsset(key));
}
