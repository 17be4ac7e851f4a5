// npm run test:binary [-- --skip-build]
// Builds the three executables (npm run build:binary), then runs the Linux x64 one the way an
// operator does: copied alone into an empty folder, with no node_modules and no `node` on PATH. It
// must start, serve /api/health, the home page and the API docs, log the first administrator in,
// turn a JPEG into WebP with its variants (sharp inside the executable), take a post, make a backup
// and list the accounts from the same file, stop with exit code 0 on SIGTERM, write nothing outside
// its folder, start again without writing its files a second time, and make a content bundle that it
// then applies at another folder (both in the bundles' worker thread, from the unpacked folder). The arm64 and Windows
// executables cannot run here: their format is checked. Exit code 0 when all of it holds.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { readExecutableFormat } from './binary/executable-format';
import { executableName, TARGET_NAMES, TARGETS } from './binary/targets';
import { buildBinaries, root, siteVersion } from './build-binary';
import { freePort, getStatus, requestJson } from './lib/server-process';

const ADMIN = { email: 'admin@example.org', password: 'admin-password-1' };
const releaseDir = path.join(root, 'release');

function step(text: string): void {
  console.log(`  ✓ ${text}`);
}

/** PATH without any folder that holds a node (or node.exe): the executable must not need one. */
function pathWithoutNode(): string {
  return (process.env.PATH ?? '').split(path.delimiter).filter((dir) => {
    for (const name of ['node', 'node.exe']) {
      try {
        accessSync(path.join(dir, name), constants.X_OK);
        return false;
      } catch { /* not here */ }
    }
    return dir !== '';
  }).join(path.delimiter);
}

interface Running { exited: Promise<number | string>; output(): string; kill(signal: NodeJS.Signals): void }

function run(executable: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Running {
  const child = spawn(executable, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  return { exited, output: () => output, kill: (signal) => child.kill(signal) };
}

async function waitForHealth(url: string, server: Running, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  let exited: number | string | null = null;
  void server.exited.then((code) => { exited = code; });
  while (performance.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`the executable exited (${exited}) before answering:\n${server.output()}`);
    if ((await getStatus(`${url}/api/health`)) === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

async function upload(url: string, token: string, jpeg: Buffer): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

async function smokeLinuxX64(executable: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'binary-smoke-'));
  try {
    const site = path.join(folder, 'anti-trafficking-site');
    copyFileSync(executable, site);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      PATH: pathWithoutNode(), HOME: folder, LANG: 'C.UTF-8',
      HOST: '127.0.0.1', PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
    };
    assert.notEqual(spawnSync('sh', ['-c', 'command -v node'], { env }).status, 0, 'node is still on PATH');
    step(`copied alone into ${folder}, no node on PATH, no node_modules`);

    const version = spawnSync(site, ['--version'], { cwd: folder, env, encoding: 'utf8' });
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, new RegExp(`^anti-trafficking-site ${siteVersion.replaceAll('.', '\\.')} \\(Node\\.js 24\\.`));
    assert.match(spawnSync(site, ['--help'], { cwd: folder, env, encoding: 'utf8' }).stdout, /anti-trafficking-site users list/);
    step(`--version and --help: ${version.stdout.trim()}`);

    const server = run(site, [], env, folder);
    const firstStart = await waitForHealth(url, server);
    step(`first start on an empty folder (files written, demo content) answered /api/health in ${firstStart.toFixed(0)} ms`);

    const home = await fetch(`${url}/`, { headers: { 'accept-language': 'ar' } });
    const html = await home.text();
    assert.equal(home.status, 200);
    assert.match(html, /^<!doctype html>\s*<html lang="ar" dir="rtl"/i);
    // Rendered on the server: the web client's render was imported from the unpacked folder.
    assert.doesNotMatch(html, /<div id="root"><!--page-root-->/);
    assert.match(html, /<div id="root">.*class="public-app"/s);
    assert.equal(await getStatus(`${url}/api/docs/static/swagger-ui.css`), 200);
    step('home page rendered on the server (Arabic, right to left) and the API docs files served');

    const login = await requestJson(`${url}/api/users/login`, 'POST', ADMIN);
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const token = (login.body as { token: string }).token;
    step('the first administrator (ADMIN_EMAIL, ADMIN_PASSWORD) logged in');

    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 60 } } }).jpeg().toBuffer();
    const stored = await upload(url, token, jpeg);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const imagePath = stored.body as string;
    assert.match(imagePath, /^\/uploads\/.+\.webp$/);
    const image = await fetch(`${url}${imagePath}`);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    const variant = imagePath.replace(/\.webp$/, '-480w.webp');
    assert.equal(await getStatus(`${url}${variant}`), 200, `no ${variant}`);
    step(`a JPEG became ${imagePath} and its phone-sized variants (sharp and libvips from inside the executable)`);

    const post = await requestJson(`${url}/api/posts`, 'POST', { title: 'From the single executable', describtion: 'Made by the smoke test.', language: 'en', type: 'Iraq', image: imagePath, imageAlt: 'A red square' }, { authorization: `Bearer ${token}` });
    assert.equal(post.status, 201, JSON.stringify(post.body));
    const postId = (post.body as { _id: string })._id;
    assert.equal((await requestJson(`${url}/api/posts/${postId}`, 'GET')).status, 200);
    step('a post with that picture was created and is public');

    const backups = path.join(folder, 'backups-elsewhere');
    const backup = spawnSync(site, ['backup', backups], { cwd: folder, env, encoding: 'utf8' });
    assert.equal(backup.status, 0, backup.stderr);
    assert.equal(readdirSync(backups).filter((name) => /^backup-\d{8}-\d{6}\.tar\.gz$/.test(name)).length, 1);
    const users = spawnSync(site, ['users', 'list'], { cwd: folder, env, encoding: 'utf8' });
    assert.equal(users.status, 0, users.stderr);
    assert.match(users.stdout, /admin@example\.org\s+Administrator\s+admin\s+active/);
    step('`backup` and `users list` from the same file, beside the running server');

    server.kill('SIGTERM');
    assert.equal(await server.exited, 0, server.output());
    assert.deepEqual(readdirSync(path.join(folder, 'data')).filter((name) => name.startsWith('site.db')), ['site.db']);
    step('SIGTERM: exit code 0, database closed (WAL folded into site.db)');

    assert.deepEqual(readdirSync(folder).sort(), ['anti-trafficking-site', 'backups-elsewhere', 'data']);
    const unpacked = path.join(folder, 'data', 'unpacked');
    const [unpackedFolder] = readdirSync(unpacked);
    const manifestWritten = statSync(path.join(unpacked, unpackedFolder, 'manifest.json')).mtimeMs;
    const again = run(site, [], env, folder);
    const laterStart = await waitForHealth(url, again);
    assert.deepEqual(readdirSync(unpacked), [unpackedFolder]);
    assert.equal(statSync(path.join(unpacked, unpackedFolder, 'manifest.json')).mtimeMs, manifestWritten);
    again.kill('SIGTERM');
    assert.equal(await again.exited, 0);
    step(`nothing written outside the folder; a second start answered in ${laterStart.toFixed(0)} ms and wrote its files no second time`);

    // A content bundle from this site applied at an "office": the bundles' worker thread (export and import) is a file
    // of the unpacked folder, with better-sqlite3's binary from there too.
    const keygen = spawnSync(site, ['content', 'keygen'], { cwd: folder, env, encoding: 'utf8' });
    assert.equal(keygen.status, 0, keygen.stderr);
    const publicKey = keygen.stdout.trim().split('\n').at(-1)!;
    const bundle = path.join(folder, 'content.tar.gz');
    const made = spawnSync(site, ['content', 'export', '--out', bundle], { cwd: folder, env, encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const officeEnv = { ...env, DATA_DIR: path.join(folder, 'office'), CONTENT_TRUSTED_KEYS: publicKey };
    const imported = spawnSync(site, ['content', 'import', bundle], { cwd: folder, env: officeEnv, encoding: 'utf8' });
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /posts\s+[1-9]\d* added/);
    step(`\`content export\` then \`content import\` at another folder (the bundles' worker thread from the unpacked folder, both ways): ${imported.stdout.split('\n')[1]?.trim()}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function checkFormats(): void {
  for (const name of TARGET_NAMES) {
    const target = TARGETS[name];
    const file = path.join(releaseDir, executableName(siteVersion, target));
    const format = readExecutableFormat(file);
    assert.equal(format.container, target.format.container, `${name}: ${JSON.stringify(format)}`);
    assert.equal(format.machine, target.format.machine, `${name}: ${JSON.stringify(format)}`);
    assert.equal(format.is64Bit, true, `${name}: not 64-bit`);
    assert.equal(format.seaBlobInjected, true, `${name}: no single-executable blob`);
    if (target.format.container === 'PE') assert.equal(format.windowsSubsystem, 'console', `${name}: not a console program`);
    const description = format.container === 'PE' ? `PE32+ ${format.machine}, console` : `ELF 64-bit ${format.machine}`;
    step(`${path.basename(file)}: ${description}, blob injected, ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'skip-build': { type: 'boolean' } } });
  const started = performance.now();
  const x64 = path.join(releaseDir, executableName(siteVersion, TARGETS['linux-x64']));
  if (!values['skip-build'] || !existsSync(x64)) {
    console.log('Building the executables (npm run build:binary)');
    await buildBinaries();
  }
  const built = performance.now();
  console.log('The formats of the three executables');
  checkFormats();
  console.log('The Linux x64 executable, alone in an empty folder');
  await smokeLinuxX64(x64);
  console.log(`binary smoke test passed: build ${((built - started) / 1000).toFixed(0)} s, checks ${((performance.now() - built) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(`binary smoke test FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exitCode = 1;
});
