// Checks an archive before anything is replaced: manifest, every size and sha256, nothing extra,
// and SQLite's own integrity check on the extracted database.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DATABASE_MEMBER, MANIFEST_MEMBER, UPLOADS_PREFIX, parseManifest, type BackupManifest } from './manifest';
import { extractTarGz } from './tar';

export class BackupRefusedError extends Error {
  constructor(archive: string, reason: string) {
    super(`${path.basename(String(archive))} was refused: ${reason}`);
    this.name = 'BackupRefusedError';
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

function checkDatabase(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const problems = result.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new Error(`the database fails its integrity check: ${problems.slice(0, 3).join('; ')}`);
    const hasUsers = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    if (!hasUsers) throw new Error('the database holds no users table');
  } finally {
    db.close();
  }
}

/** Extracts the archive into an empty stageDir and checks it; throws BackupRefusedError when unfit. */
export async function verifyBackup(archive: string, stageDir: string): Promise<BackupManifest> {
  try {
    const members = await extractTarGz(archive, stageDir);
    if (!members.includes(MANIFEST_MEMBER)) throw new Error('it holds no manifest.json');
    const manifest = parseManifest(readFileSync(path.join(stageDir, MANIFEST_MEMBER), 'utf8'));

    const listed = new Set(manifest.files.map((file) => file.path));
    for (const member of members) {
      if (member !== MANIFEST_MEMBER && !listed.has(member)) throw new Error(`${member} is in the archive but not in the manifest`);
    }
    for (const file of manifest.files) {
      if (file.path !== DATABASE_MEMBER && !file.path.startsWith(UPLOADS_PREFIX)) throw new Error(`unexpected member ${file.path}`);
      if (!members.includes(file.path)) throw new Error(`${file.path} is missing`);
      const stored = path.join(stageDir, ...file.path.split('/'));
      if (statSync(stored).size !== file.size) throw new Error(`${file.path} has the wrong size`);
      if ((await sha256Of(stored)) !== file.sha256) throw new Error(`${file.path} does not match its checksum`);
    }
    checkDatabase(path.join(stageDir, DATABASE_MEMBER));
    return manifest;
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    // zlib reports damaged data with terse codes; say it plainly.
    throw new BackupRefusedError(archive, /incorrect header check|unexpected end|invalid|Z_DATA_ERROR|Z_BUF_ERROR/i.test(reason) ? `the archive is damaged (${reason})` : reason);
  }
}
