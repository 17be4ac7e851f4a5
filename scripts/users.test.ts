// `npm run users` against a RUNNING server on a temporary DATA_DIR: what it changes takes effect at
// once in the server (which reads the user on every request), and the printed passwords work.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot, requestJson, spawnServer, waitForHealth, type ServerProcess } from './lib/server-process';

const ADMIN = { email: 'admin@example.org', password: 'admin-password-1' };
const scratch = mkdtempSync(path.join(tmpdir(), 'users-cli-test-'));
const dataDir = path.join(scratch, 'data');
let server: ServerProcess;

interface CliResult { code: number; stdout: string; stderr: string }

/** Runs `npm run users -- ...args` from the sources (tsx on the command line's entry), without a shell. */
async function users(args: string[], env: Record<string, string> = {}, data = dataDir): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'users', ...args], {
      cwd: projectRoot, env: { ...process.env, DATA_DIR: data, ADMIN_PASSWORD: '', ...env }, timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const oneTimePassword = (stdout: string) => /One-time password:\s+(\S+)/.exec(stdout)?.[1] ?? '';

async function login(email: string, password: string) {
  return requestJson(`${server.url}/api/users/login`, 'POST', { email, password });
}
const tokenOf = (answer: { body: unknown }) => (answer.body as { token: string }).token;
const get = (url: string, token: string) => requestJson(`${server.url}${url}`, 'GET', undefined, { authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = spawnServer(['--import', 'tsx', 'src/cli/entry.ts'], {
    DATA_DIR: dataDir, CLIENT_DIR: path.join(scratch, 'no-client'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
  }, await freePort());
  await waitForHealth(server, performance.now(), 60_000);
}, 90_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

// Each command is a process of its own (a second or more each on a small, busy machine).
describe('npm run users, with the server running', { timeout: 60_000 }, () => {
  it('lists the accounts with role and state', async () => {
    const result = await users(['list']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/admin@example\.org\s+Administrator\s+admin\s+active/);
  });

  it('reset-password: the old sessions and password stop working at once, the printed one works and must be changed first', async () => {
    const before = tokenOf(await login(ADMIN.email, ADMIN.password));
    expect((await get('/api/users', before)).status).toBe(200);

    const result = await users(['reset-password', 'ADMIN@example.org']);
    expect(result.code, result.stderr).toBe(0);
    const password = oneTimePassword(result.stdout);
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);

    // The running server sees the change on the very next request.
    expect((await get('/api/users', before)).status).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(401);
    const answer = await login(ADMIN.email, password);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mustChangePassword: true, isAdmin: true });
    const pending = tokenOf(answer);
    const refused = await get('/api/users', pending);
    expect(refused.status).toBe(403);
    expect((refused.body as { errors: { messageAr: string }[] }).errors[0].messageAr).toMatch(/كلمة مرور جديدة/);

    const changed = await requestJson(`${server.url}/api/users/me/password`, 'PUT', { currentPassword: password, newPassword: ADMIN.password }, { authorization: `Bearer ${pending}` });
    expect(changed.status).toBe(204);
    const after = await login(ADMIN.email, ADMIN.password);
    expect(after.body).toMatchObject({ mustChangePassword: false });
    expect((await get('/api/users', tokenOf(after))).status).toBe(200);
  });

  it('create-admin: a new administrator with a one-time password, or with ADMIN_PASSWORD kept as given', async () => {
    const created = await users(['create-admin', 'second@example.org']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Administrator created: second@example.org (admin)');
    const second = await login('second@example.org', oneTimePassword(created.stdout));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ isAdmin: true, role: 'admin', mustChangePassword: true });

    const chosen = await users(['create-admin', 'third@example.org'], { ADMIN_PASSWORD: 'chosen-password-3' });
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stdout).not.toMatch(/One-time password/);
    const third = await login('third@example.org', 'chosen-password-3');
    expect(third.body).toMatchObject({ isAdmin: true, mustChangePassword: false });
    expect((await get('/api/users', tokenOf(third))).status).toBe(200);
  });

  it('create-admin on a disabled author makes them an active admin again, keeping the account', async () => {
    const admin = tokenOf(await login(ADMIN.email, ADMIN.password));
    const auth = { authorization: `Bearer ${admin}` };
    const author = await requestJson(`${server.url}/api/users`, 'POST', { name: 'Noor', email: 'noor@example.org', password: 'noor-password-1', role: 'author' }, auth);
    expect(author.status).toBe(201);
    const id = (author.body as { _id: string })._id;
    expect((await requestJson(`${server.url}/api/users/${id}`, 'PUT', { active: false }, auth)).status).toBe(200);

    const result = await users(['create-admin', 'noor@example.org']);
    expect(result.stdout).toContain('Existing account made an active administrator: noor@example.org (admin)');
    const noor = await login('noor@example.org', oneTimePassword(result.stdout));
    expect(noor.body).toMatchObject({ _id: id, name: 'Noor', isAdmin: true, mustChangePassword: true });
  });

  it('writes every change to the audit log as made on the command line of this machine, without the passwords', async () => {
    const admin = tokenOf(await login(ADMIN.email, ADMIN.password));
    const { body } = await get('/api/audit', admin);
    const entries = (body as { entries: { userEmail: string; userId: string | null; action: string; changes: object }[] }).entries;
    const fromCli = entries.filter((entry) => entry.userEmail.startsWith('command line on '));
    expect(fromCli.map((entry) => entry.action)).toEqual(['update', 'create', 'create', 'update']);
    expect(fromCli.every((entry) => entry.userId === null)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/chosen-password-3|admin-password-1/);
  });

  it('refuses unknown accounts, bad addresses and short passwords with exit code 1, and a missing command with usage', async () => {
    const unknown = await users(['reset-password', 'nobody@example.org']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the e-mail nobody@example.org');
    const bad = await users(['create-admin', 'not-an-address']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a valid e-mail/);
    const short = await users(['create-admin', 'fourth@example.org'], { ADMIN_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect((await login('fourth@example.org', 'short-password')).status).toBe(401);
    const usage = await users(['reset-password']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage/);
  });

  it('creates nothing when DATA_DIR holds no site (a mistyped folder)', async () => {
    const empty = path.join(scratch, 'wrong-folder');
    const result = await users(['create-admin', 'x@example.org'], {}, empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no site database');
    expect(existsSync(empty)).toBe(false);
    expect(readdirSync(scratch)).not.toContain('wrong-folder');
  });
});
