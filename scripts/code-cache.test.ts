// The compile cache in DATA_DIR/cache/code (src/cli/code-cache.ts), as the bundled server uses it:
// written by a start, read by the next, never needed, and never a way in: a cache replaced by junk,
// cut short, or a file where a folder should be still gives a server that starts and answers.
// Node says what it does with each cached file when NODE_DEBUG_NATIVE=COMPILE_CACHE.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/backup/create';
import { DATABASE_MEMBER, MANIFEST_MEMBER, UPLOADS_PREFIX } from '../src/backup/manifest';
import { backupKeyPath } from '../src/backup/signing';
import { readTarGz } from '../src/backup/tar';
import { buildServer } from './build-server.mjs';
import { freePort, projectRoot, spawnServer, waitForHealth, type ServerProcess } from './lib/server-process';

const ADMIN = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1' };
mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
const buildDir = mkdtempSync(path.join(projectRoot, 'dist', 'test-code-cache-'));
const scratch = mkdtempSync(path.join(tmpdir(), 'code-cache-test-'));
let bundle: string;
/** A data folder made by one start, without its cache: each test starts from a copy. */
let madeData: string;
const running: ServerProcess[] = [];

/** Starts the bundle on `dataDir`, waits for its first answer, stops it (SIGTERM): its output. */
async function startAndStop(dataDir: string): Promise<string> {
  const server = spawnServer(bundle, { DATA_DIR: dataDir, CLIENT_DIR: path.join(scratch, 'no-client'), NODE_DEBUG_NATIVE: 'COMPILE_CACHE', ...ADMIN }, await freePort());
  running.push(server);
  await waitForHealth(server);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  return server.output();
}

const codeDir = (dataDir: string) => path.join(dataDir, 'cache', 'code');
/** The cache's files (one folder per Node version and flags, then one file per module). */
function cacheFiles(dataDir: string): string[] {
  if (!existsSync(codeDir(dataDir))) return [];
  return readdirSync(codeDir(dataDir), { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(codeDir(dataDir), name))
    .filter((file) => statSync(file).isFile());
}

function copyOfData(name: string): string {
  const dataDir = path.join(scratch, name);
  cpSync(madeData, dataDir, { recursive: true });
  return dataDir;
}

/** How many of its modules a start took from the cache (Node 22 and 24 word it differently). */
const accepted = (output: string) => output.match(/cache for (ESM )?file:\S+ was accepted/g)?.length ?? 0;

beforeAll(async () => {
  bundle = await buildServer({ outfile: path.join(buildDir, 'server.mjs'), quiet: true });
  madeData = path.join(scratch, 'made');
  mkdirSync(madeData);
  await startAndStop(madeData);
  rmSync(path.join(madeData, 'cache'), { recursive: true, force: true });
}, 120_000);
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('the compile cache in the data folder', () => {
  it('is written by a start in DATA_DIR/cache/code and read by the next start, which compiles nothing of its own code again', async () => {
    const dataDir = copyOfData('reused');
    const first = await startAndStop(dataDir);
    expect(accepted(first)).toBe(0);
    expect(cacheFiles(dataDir).length).toBeGreaterThan(0);
    if (process.platform !== 'win32') {
      for (const folder of [path.join(dataDir, 'cache'), codeDir(dataDir)]) expect(statSync(folder).mode & 0o077).toBe(0);
    }
    const second = await startAndStop(dataDir);
    expect(accepted(second)).toBeGreaterThan(0);
    expect(second).not.toMatch(/cache for (ESM )?file:\S+server[^ ]*\.mjs was (rejected|not initialized)/);
  });

  it('is not needed: the first start on an empty folder answers without one and leaves no cache behind it before the folder exists', async () => {
    const dataDir = path.join(scratch, 'empty', 'data');
    const output = await startAndStop(dataDir);
    expect(output).not.toContain('[compile cache]');
    expect(existsSync(path.join(dataDir, 'site.db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'cache'))).toBe(false);
  });

  it('replaced file by file with junk of the same size, is refused by Node and written again, and the server answers', async () => {
    const dataDir = copyOfData('junk');
    await startAndStop(dataDir);
    const files = cacheFiles(dataDir);
    for (const file of files) writeFileSync(file, Buffer.alloc(statSync(file).size, 0x41));
    const output = await startAndStop(dataDir);
    expect(accepted(output)).toBe(0);
    expect(accepted(await startAndStop(dataDir))).toBeGreaterThan(0);
  });

  it('cut short to a few bytes or emptied, is refused and the server answers', async () => {
    const dataDir = copyOfData('cut');
    await startAndStop(dataDir);
    cacheFiles(dataDir).forEach((file, index) => writeFileSync(file, index % 2 ? Buffer.from([1, 2, 3]) : Buffer.alloc(0)));
    expect(accepted(await startAndStop(dataDir))).toBe(0);
  });

  it('with a folder where a cached file should be, is left alone and the server answers', async () => {
    const dataDir = copyOfData('folder-for-file');
    await startAndStop(dataDir);
    for (const file of cacheFiles(dataDir)) {
      rmSync(file);
      mkdirSync(file);
    }
    expect(accepted(await startAndStop(dataDir))).toBe(0);
  });

  it('is off when its folder is a file, or the cache folder above it is a file, and the server answers', async () => {
    const codeIsFile = copyOfData('code-is-file');
    mkdirSync(path.join(codeIsFile, 'cache'));
    writeFileSync(codeDir(codeIsFile), 'not a folder');
    expect(await startAndStop(codeIsFile)).not.toContain('[compile cache]');

    const cacheIsFile = copyOfData('cache-is-file');
    writeFileSync(path.join(cacheIsFile, 'cache'), 'not a folder');
    expect(await startAndStop(cacheIsFile)).not.toContain('[compile cache]');
  });

  it('is off when the cache folder is a link to a place that does not exist, and the server answers', async () => {
    const dataDir = copyOfData('dangling-link');
    symlinkSync(path.join(scratch, 'nowhere', 'at-all'), path.join(dataDir, 'cache'));
    expect(await startAndStop(dataDir)).not.toContain('[compile cache]');
  });

  it('is not made by the operator\'s tools: `users list` on a folder without data still creates nothing', () => {
    const dataDir = path.join(scratch, 'no-site-here');
    const result = spawnSync(process.execPath, [bundle, 'users', 'list'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('never travels in a backup: the archive of a data folder holding the cache carries the database and uploads only', async () => {
    const dataDir = copyOfData('backed-up');
    await startAndStop(dataDir);
    expect(cacheFiles(dataDir).length).toBeGreaterThan(0);
    const { file } = await createBackup({ databaseFile: path.join(dataDir, 'site.db'), uploadsDir: path.join(dataDir, 'uploads'), keyFile: backupKeyPath(dataDir) }, path.join(scratch, 'backups'));
    const members = (await readTarGz(file, () => ({ write: () => undefined, end: async () => undefined }))).map((entry) => entry.name);
    expect(members.length).toBeGreaterThan(0);
    expect(members).toContain(DATABASE_MEMBER);
    expect(members).toContain(MANIFEST_MEMBER);
    expect(members.filter((name) => name.startsWith('cache/') || !(name === DATABASE_MEMBER || name.startsWith('manifest.') || name.startsWith(UPLOADS_PREFIX)))).toEqual([]);
  });
});
