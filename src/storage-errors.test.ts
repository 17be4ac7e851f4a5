// Disk trouble as an operator meets it: a full disk, a read-only database, a data folder the
// server may not write. Each is one log line with the path, never SQLite's rollback message or a
// stack trace, and the client gets a 503 in the contract's shape.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { TEST_ADMIN, bearer, errorOf, login, makeTestConfig } from './test/helpers';
import { describeStorageError } from './storage-errors';

const scratch = mkdtempSync(path.join(tmpdir(), 'storage-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function appWithLog() {
  const dataDir = mkdtempSync(path.join(scratch, 'data-'));
  let log = '';
  const app = await buildApp(makeTestConfig(dataDir), { logger: { level: 'info', stream: { write: (line: string) => { log += line; } } } });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  return { app, token, dataDir, log: () => log };
}

const bigPost = { title: 'A post that needs new pages', describtion: 'x'.repeat(200_000), language: 'en', type: 'Iraq' };

describe('storage errors', () => {
  it('name the problem and the path in one line', () => {
    expect(describeStorageError({ code: 'ENOSPC', path: '/data/uploads/.upload-1' })).toBe('the disk is full: cannot write /data/uploads/.upload-1 (ENOSPC)');
    expect(describeStorageError({ code: 'SQLITE_FULL' }, '/data/site.db')).toBe('the disk is full: cannot write /data/site.db (SQLITE_FULL)');
    expect(describeStorageError({ code: 'SQLITE_READONLY_DBMOVED' }, '/data/site.db')).toMatch(/^the file system is read-only: cannot write \/data\/site.db/);
    expect(describeStorageError({ code: 'EROFS', path: '/data' })).toMatch(/read-only: cannot write \/data \(EROFS\)/);
    expect(describeStorageError({ code: 'EACCES', path: '/data/uploads' })).toMatch(/^permission denied.*: cannot write \/data\/uploads \(EACCES\)$/);
    expect(describeStorageError({ code: 'EPERM', path: '/data' })).toMatch(/permission denied/);
    expect(describeStorageError({ code: 'SQLITE_CONSTRAINT' })).toBeNull();
    expect(describeStorageError(new Error('plain'))).toBeNull();
  });

  it('a full disk (the database may not grow) answers 503 and logs "the disk is full" with the database path, not a rollback error', async () => {
    const { app, token, log } = await appWithLog();
    try {
      const pages = app.sqlite.pragma('page_count', { simple: true }) as number;
      app.sqlite.pragma(`max_page_count = ${pages + 2}`);
      const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: bigPost });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response.body).messageEn).toMatch(/cannot save anything right now/);
      const lines = log().split('\n').filter((line) => line.includes('"level":50'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`"msg":"the disk is full: cannot write ${app.config.databaseFile} (SQLITE_FULL)"`);
      expect(log()).not.toMatch(/cannot rollback|"stack"/);
      // The failed write left nothing half-done: the next small write works once there is room.
      app.sqlite.pragma('max_page_count = 1073741823');
      expect((await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { ...bigPost, describtion: 'small' } })).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('a read-only database answers 503 and logs "read-only" with its path', async () => {
    const { app, log } = await appWithLog();
    try {
      app.sqlite.pragma('query_only = 1');
      const response = await app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate: 4 } });
      expect(response.statusCode).toBe(503);
      expect(log()).toContain(`the file system is read-only: cannot write ${app.config.databaseFile} (SQLITE_READONLY)`);
    } finally {
      await app.close();
    }
  });
});

describe('starting with a data folder the server may not write', () => {
  it('prints one line naming the folder and exits 1, without a stack trace', async () => {
    const locked = path.join(scratch, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    // root writes through folder permissions: the server then runs as root without that one power
    // (util-linux's setpriv drops CAP_DAC_OVERRIDE), so the folder stops it as it stops a service
    // user, while it still reads the checkout wherever it lives (a 0700 folder of another user too).
    const [command, ...prefix] = process.getuid?.() === 0
      ? ['setpriv', '--bounding-set=-dac_override', '--inh-caps=-dac_override', '--', process.execPath]
      : [process.execPath];
    const child = spawn(command, [...prefix, '--import', 'tsx', 'src/cli/entry.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: path.join(locked, 'data'), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n').filter((line) => !/ExperimentalWarning|--trace-warnings|FSTDEP/.test(line));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^cannot start: permission denied .*: cannot write ${path.join(locked, 'data')} \\(EACCES\\)\\. DATA_DIR .* must be a folder this user can write`))]);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a wrong setting is one line too', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: path.join(scratch, 'ok'), TRUST_PROXY: 'nginx', PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(stderr.trim()).toMatch(/^cannot start: TRUST_PROXY must be .* "nginx" is neither$/);
  });
});
