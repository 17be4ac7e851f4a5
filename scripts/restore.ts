// npm run restore -- <archive>: checks the archive, then replaces DATA_DIR's database and uploads.
// Refuses while a server has the database open. The old ones stay as *.before-restore.
import path from 'node:path';
import { loadConfig } from '../src/config';
import { restoreBackup, ServerRunningError } from '../src/backup/restore';
import { BackupRefusedError } from '../src/backup/verify';

const archive = process.argv[2];
if (!archive || archive === '--help') {
  console.error('usage: npm run restore -- <backup-....tar.gz>   (DATA_DIR=... chooses the data, default ./data; stop the server first)');
  process.exit(archive ? 0 : 2);
}

const config = loadConfig();
try {
  const result = await restoreBackup(path.resolve(archive), config);
  console.log(`restored ${path.basename(archive)} (made ${result.manifest.createdAt}) into ${config.dataDir}`);
  if (result.previousDatabase) console.log(`  previous database kept as ${result.previousDatabase}`);
  if (result.previousUploads) console.log(`  previous uploads kept as ${result.previousUploads}`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof BackupRefusedError || error instanceof ServerRunningError) console.error('nothing was changed');
  process.exit(1);
}
