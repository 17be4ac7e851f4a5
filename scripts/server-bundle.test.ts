// The bundled server (dist/server.mjs) as production runs it: starts, answers, shuts down
// gracefully on SIGTERM/SIGINT, and keeps every acknowledged write through a SIGKILL.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_WORKER_FILE as WORKER_FILE_BUILT, buildServer } from './build-server.mjs';
import { freePort, getStatus, projectRoot, requestJson, spawnServer, waitForHealth, type ServerProcess } from './lib/server-process';
import { SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { BUNDLE_WORKER_FILE as WORKER_FILE_STARTED } from '../src/modules/content-bundles/bundle-thread';

const ADMIN = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1' };
// Built into its own folder under dist/ so node_modules still resolves and nothing else is disturbed.
// dist/ does not exist on a fresh clone.
mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
const buildDir = mkdtempSync(path.join(projectRoot, 'dist', 'test-bundle-'));
const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
let bundle: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  bundle = await buildServer({ outfile: path.join(buildDir, 'server.mjs'), quiet: true });
});
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = spawnServer(bundle, { DATA_DIR: dataDir, CLIENT_DIR: path.join(scratch, 'no-client'), ...ADMIN, ...env }, await freePort());
  running.push(server);
  await waitForHealth(server);
  return server;
}

async function adminToken(server: ServerProcess): Promise<string> {
  const login = await requestJson(`${server.url}/api/users/login`, 'POST', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  return (login.body as { token: string }).token;
}

/** Sends the headers and half the body now; the rest when finish() is called. */
function slowLogin(url: string): { finish(): void; response: Promise<{ status: number; body: string }> } {
  const body = Buffer.from(JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }));
  let request!: http.ClientRequest;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request = http.request(`${url}/api/users/login`, {
      method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, 10));
  return { response, finish: () => request.end(body.subarray(10)) };
}

/** The bundle as a command: `node dist/server.mjs <args>`, what `npm run users -- ...` runs. */
function command(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bundle, ...args], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('bundled command line', () => {
  it('answers --version and --help, and refuses an unknown command with exit code 2', () => {
    const version = command(['--version']);
    expect(version.code).toBe(0);
    const { version: packageVersion } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    expect(version.out).toBe(`anti-trafficking-site ${packageVersion} (Node.js ${process.versions.node}, ${process.platform}-${process.arch})\n`);
    const help = command(['--help']);
    expect(help.code).toBe(0);
    for (const tool of ['users', 'backup', 'restore', 'content']) expect(help.out).toContain(`npm run ${tool} -- `);
    const unknown = command(['serve-everything']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^unknown command "serve-everything"/);
  });

  it('runs the operator tools from the same file, beside a running server: backup, then users list', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const server = await start(dataDir);
    const backups = path.join(scratch, 'backups');
    const backup = command(['backup', backups], { DATA_DIR: dataDir });
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/^backup written: .*backup-\d{8}-\d{6}\.tar\.gz\n/);
    expect(readdirSync(backups)).toHaveLength(1);
    const users = command(['users', 'list'], { DATA_DIR: dataDir });
    expect(users.code, users.err).toBe(0);
    expect(users.out).toMatch(/admin@example\.org\s+Administrator\s+admin\s+active/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('makes and imports a content bundle from the same file: its worker thread is the bundle-worker.cjs built beside it', () => {
    const hq = mkdtempSync(path.join(scratch, 'hq-'));
    const office = mkdtempSync(path.join(scratch, 'office-'));
    const keygen = command(['content', 'keygen'], { DATA_DIR: hq });
    expect(keygen.code, keygen.err).toBe(0);
    const publicKey = keygen.out.trim().split('\n').at(-1)!;
    const file = path.join(scratch, 'hq-bundle.tar.gz');
    const made = command(['content', 'export', '--out', file], { DATA_DIR: hq });
    expect(made.code, made.err).toBe(0);
    const imported = command(['content', 'import', file], { DATA_DIR: office, CONTENT_TRUSTED_KEYS: publicKey });
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(/^applied bundle \S+ from Headquarters/);
    // The worker recorded it in the same transaction: the same bundle again is refused.
    const again = command(['content', 'import', file], { DATA_DIR: office, CONTENT_TRUSTED_KEYS: publicKey });
    expect(again.code).toBe(1);
    expect(again.err).toContain('already applied');
  }, 60_000);

  it('builds the bundles\' worker under the name the server starts it by, and the kiosk unpacks that file from its archive', () => {
    expect(WORKER_FILE_BUILT).toBe(WORKER_FILE_STARTED);
    expect(readdirSync(buildDir)).toContain(WORKER_FILE_STARTED);
    // Node reads a worker's script from disk, not through Electron's archive support.
    expect(readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8')).toContain(`- electron/dist/${WORKER_FILE_STARTED}`);
  });

  it('is what the operator\'s npm scripts run, with plain node: no development tool (tsx) is needed on a production install', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // The server's V8 flags (src/runtime-flags.mjs) are node's own options, no tool.
    expect(scripts.start).toBe(`node ${SERVER_V8_FLAGS.join(' ')} scripts/start.mjs`);
    for (const tool of ['users', 'backup', 'restore', 'content']) expect(scripts[tool]).toBe(`node scripts/start.mjs ${tool}`);
    // start.mjs itself needs only Node's own modules, the Node version check and the server's
    // environment (plain modules that import nothing).
    const imports = [...readFileSync(path.join(projectRoot, 'scripts', 'start.mjs'), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports.filter((name) => !name.startsWith('node:'))).toEqual(['../src/node-support.mjs', '../src/runtime-flags.mjs']);
    expect(readFileSync(path.join(projectRoot, 'src', 'runtime-flags.mjs'), 'utf8')).not.toMatch(/^import /m);
  });
});

describe('bundled server', () => {
  it('holds no test code: no test file, test helper or stand-in among its sources', () => {
    // The entry and the parts it loads on first use (scripts/build-server.mjs), each with its map.
    const maps = readdirSync(buildDir).filter((name) => name.endsWith('.mjs.map'));
    expect(maps.length).toBeGreaterThan(1);
    const sources = maps.flatMap((name) => (JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => source.endsWith('src/server.ts'))).toBe(true);
    const testCode = sources.filter((source) => /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)(src\/test|client\/e2e|electron\/test)\/|(^|\/)node_modules\/(vitest|@vitest|@playwright|playwright)\//.test(source));
    expect(testCode).toEqual([]);
  });

  it('leaves pdf-lib out of what a start loads: its part is only ever imported when first needed', () => {
    const parts = readdirSync(buildDir).filter((name) => name.endsWith('.mjs'));
    const pdfParts = parts.filter((name) => readFileSync(path.join(buildDir, `${name}.map`), 'utf8').includes('node_modules/@cantoo/pdf-lib/'));
    expect(pdfParts).toHaveLength(1);
    const code = parts.map((name) => readFileSync(path.join(buildDir, name), 'utf8')).join('\n');
    expect(code).toContain(`import("./${pdfParts[0]}")`);
    expect(code).not.toMatch(new RegExp(`from\\s*"\\./${pdfParts[0].replace('.', '\\.')}"`));
  });

  it('starts from dist/ with a temporary DATA_DIR, answers, serves the API docs assets, and exits 0 on SIGINT', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const server = await start(dataDir);
    expect(await getStatus(`${server.url}/api/health`)).toBe(200);
    expect(await getStatus(`${server.url}/api/docs/json`)).toBe(200);
    expect(await getStatus(`${server.url}/api/docs/static/swagger-ui.css`)).toBe(200);
    expect(readdirSync(dataDir)).toContain('site.db');
    // Ctrl+C in a terminal: the same graceful path as SIGTERM.
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('on SIGTERM finishes the request in flight, closes the database (WAL checkpointed) and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const server = await start(dataDir);
    const slow = slowLogin(server.url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still running: it waits for the request it already accepted.
    expect(server.child.exitCode).toBeNull();
    expect(await getStatus(`${server.url}/api/health`)).toBe(0); // no new connections
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('token');
    expect(await server.exited).toBe(0);
    // The last connection closed cleanly: the WAL was checkpointed into site.db and removed.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('site.db'))).toEqual(['site.db']);
  });

  it('keeps every acknowledged write after a SIGKILL in the middle of a stream of writes', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const server = await start(dataDir);
    const token = await adminToken(server);
    const acknowledgedVotes: number[] = [];
    const acknowledgedUsers: string[] = [];
    let stop = false;
    const voter = async (lane: number) => {
      for (let n = 0; !stop; n += 1) {
        const rate = ((n + lane) % 5) + 1;
        try {
          const answer = await requestJson(`${server.url}/api/rating/website`, 'POST', { rate });
          if (answer.status === 201) acknowledgedVotes.push(rate);
        } catch { return; } // the server is gone
      }
    };
    const userWriter = async () => {
      for (let n = 0; !stop; n += 1) {
        const email = `kill${n}@example.org`;
        try {
          const answer = await requestJson(`${server.url}/api/users`, 'POST', { name: `Kill ${n}`, email, password: 'kill-password-1', isAdmin: false, isAuthor: true }, { authorization: `Bearer ${token}` });
          if (answer.status === 201) acknowledgedUsers.push(email);
        } catch { return; }
      }
    };
    const writers = [voter(0), voter(1), voter(2), userWriter()];
    while (acknowledgedVotes.length < 150 || acknowledgedUsers.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(writers);

    const restarted = await start(dataDir);
    const counts = (await requestJson(`${restarted.url}/api/rating/all/all`, 'GET')).body as Array<{ scope: string; count: number }>;
    const websiteVotes = counts.filter((row) => row.scope === 'website').reduce((sum, row) => sum + row.count, 0);
    // Every acknowledged vote survived; at most the three in flight at the kill may have landed too.
    expect(websiteVotes).toBeGreaterThanOrEqual(acknowledgedVotes.length);
    expect(websiteVotes).toBeLessThanOrEqual(acknowledgedVotes.length + 3);
    const users = (await requestJson(`${restarted.url}/api/users`, 'GET', undefined, { authorization: `Bearer ${await adminToken(restarted)}` })).body as Array<{ email: string }>;
    const emails = new Set(users.map((user) => user.email));
    for (const email of acknowledgedUsers) expect(emails.has(email)).toBe(true);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
