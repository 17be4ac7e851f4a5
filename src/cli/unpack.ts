// `unpack` (single executable only): writes the native parts, web client and API documentation
// files it carries into DATA_DIR/unpacked now. The server does it by itself at its first start (in
// such a short-lived process); an installer may run it beforehand.
import { unpackHere } from '../binary/runtime';
import { isSingleExecutable } from '../binary/single-executable';
import { describeStorageError } from '../storage-errors';

/** Exit code: 0 written (or already there), 1 failed, 2 not the single executable. */
export function unpackCommand(): number {
  if (!isSingleExecutable()) {
    console.error('unpack: only the single executable (npm run build:binary) carries files to write');
    return 2;
  }
  try {
    console.log(`files in ${unpackHere().dir}`);
    return 0;
  } catch (error) {
    console.error(`unpack failed: ${describeStorageError(error) ?? (error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}
