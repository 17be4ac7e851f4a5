// A file is on disk only once its bytes are fsynced, and its name only once its folder is:
// without both, a power cut right after an answer can leave an upload or a restored database
// missing or empty although the client was told it was saved.
import { open } from 'node:fs/promises';

/** fsync of a folder, so the names created or renamed in it survive a power cut. */
export async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a folder for fsync; NTFS journals its metadata itself.
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
