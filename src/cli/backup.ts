// `backup <folder>`: one timestamped archive of the database and uploads, safe while the server
// runs. DATA_DIR says which data to save (default ./data).
import path from 'node:path';
import { createBackup } from '../backup/create';
import { backupKeyPath } from '../backup/signing';
import { loadConfig } from '../config';
import { commandName } from './command-name';

/** Exit code: 0 written, 1 failed, 2 wrong usage. */
export async function backupCommand(args: string[]): Promise<number> {
  const outDir = args[0];
  if (!outDir || outDir === '--help') {
    console.error(`usage: ${commandName('backup')} <folder>   (DATA_DIR=... chooses the data, default ./data)`);
    return outDir ? 0 : 2;
  }
  try {
    const config = loadConfig();
    const started = Date.now();
    const result = await createBackup({ databaseFile: config.databaseFile, uploadsDir: config.uploadsDir, keyFile: backupKeyPath(config.dataDir) }, path.resolve(outDir));
    const bytes = result.manifest.files.reduce((sum, file) => sum + file.size, 0);
    console.log(`backup written: ${result.file}`);
    console.log(`  ${result.manifest.files.length - 1} upload file(s), ${(bytes / 1024 / 1024).toFixed(1)} MB before compression, ${Date.now() - started} ms`);
    console.log(`  signed with ${backupKeyPath(config.dataDir)}: keep a copy of that file somewhere safe, apart from the backups`);
    if (result.skipped.length) console.warn(`  left out (unsafe names): ${result.skipped.join(', ')}`);
    return 0;
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
