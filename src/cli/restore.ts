// `restore <archive> [--allow-unsigned] [--key <file>]`: checks the archive, then replaces
// DATA_DIR's database and uploads. Refuses while a server has the database open, and refuses an
// archive not signed with this installation's backup key unless --allow-unsigned. The old
// database and uploads stay as *.before-restore.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup, ServerRunningError } from '../backup/restore';
import { BackupRefusedError, UnsignedBackupError } from '../backup/verify';
import { loadConfig } from '../config';
import { commandName } from './command-name';

const usage = () => `usage: ${commandName('restore')} <backup-....tar.gz> [--allow-unsigned] [--key <backup-key file>]   (DATA_DIR=... chooses the data, default ./data; stop the server first)`;

/** Exit code: 0 restored, 1 refused or failed (nothing changed), 2 wrong usage. */
export async function restoreCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { 'allow-unsigned': { type: 'boolean' }, key: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage()}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const archive = positionals[0];
  if (!archive || values.help || positionals.length > 1) {
    console.error(usage());
    return values.help ? 0 : 2;
  }

  try {
    const config = loadConfig();
    const result = await restoreBackup(path.resolve(archive), config, {
      allowUnsigned: values['allow-unsigned'] ?? false,
      keyFile: values.key ? path.resolve(values.key) : undefined,
    });
    for (const warning of result.warnings) console.warn(`WARNING: ${warning}`);
    console.log(`restored ${path.basename(archive)} (made ${result.manifest.createdAt}) into ${config.dataDir}`);
    if (result.previousDatabase) console.log(`  previous database kept as ${result.previousDatabase}`);
    if (result.previousUploads) console.log(`  previous uploads kept as ${result.previousUploads}`);
    return 0;
  } catch (error) {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UnsignedBackupError) {
      console.error('Restore it only if you know where it comes from: anyone can build an archive with an administrator of their choosing.');
      console.error(error.check === 'no-key'
        ? 'If it is this site\'s backup, give its key: --key <copy of the backup-key file>; or accept it anyway with --allow-unsigned.'
        : 'If you trust it, run again with --allow-unsigned (or give the right key with --key <file>).');
    }
    if (error instanceof BackupRefusedError || error instanceof ServerRunningError) console.error('nothing was changed');
    return 1;
  }
}
