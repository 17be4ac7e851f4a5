// Packages of the npm registry fetched with `npm pack` (the official Node binaries, sharp's
// packages for other platforms) and kept unpacked under .tmp-binary/packages/, so a rebuild
// downloads nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const COMPLETE = '.complete';

/** The unpacked package folder (its package/ contents) of name@version, fetched once. */
export function registryPackage(cacheDir: string, name: string, version: string): string {
  const dir = path.join(cacheDir, 'packages', `${name.replace('/', '+')}@${version}`);
  if (existsSync(path.join(dir, COMPLETE))) return dir;
  mkdirSync(path.dirname(dir), { recursive: true });
  const work = mkdtempSync(`${dir}.incoming-`);
  try {
    console.log(`  fetching ${name}@${version} from the npm registry`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['pack', '--silent', `${name}@${version}`, '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
    execFileSync('tar', ['xzf', tarball], { cwd: work });
    rmSync(path.join(work, tarball));
    writeFileSync(path.join(work, 'package', COMPLETE), '');
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), dir);
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
