// npm run bench:scale: what a request, a start, a bundle and a backup cost at 1,000, 10,000 and
// 100,000 posts (half English, half Arabic, ~1,500-character bodies, a year of visit counts), each
// figure by size beside the bare reference (scripts/bench-reference.ts) measured the same way.
// The server runs as npm start runs it (the bundle, with the V8 flags of src/runtime-flags.mjs,
// its heap bounded at 256 MB); the bundle steps' process under the same bound. Figures are
// the server's CPU milliseconds per request read from /proc, and its memory.
// Phases (BENCH_PHASES, comma-separated): start, requests, mixed, backup, bundles.
// Sizes: BENCH_SIZES=1000,10000,100000. BENCH_MIX_SECONDS (15), BENCH_BACKUP_SIZES (the largest),
// BENCH_LABEL names the JSON of figures written to .bench-scale/ (to compare two runs).
// Seeded databases and the built client are kept in .bench-scale/ (see scripts/lib/scale-seed.ts).
import { execFileSync, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../src/db/migrator';
import { generateSigningKey } from '../src/modules/content-bundles/keys';
import { build } from 'esbuild';
import { assetDirnamePlugin, BANNER, buildServer, NATIVE_EXTERNALS } from './build-server.mjs';
import { cpuMs, cpuPerRequest, peakRssMb, request, resetPeakRss, rssMb, type CpuFigure } from './lib/process-figures';
import { mixedLoad, visitorProbe, type MixFigures } from './lib/scale-load';
import { COMMONEST, copyScaleDatabase, publishedPostNumber, SCALE_CACHE_DIR, scaleDatabase, scalePostId } from './lib/scale-seed';
import { SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { freePort, projectRoot, spawnServer, waitForHealth, type ServerProcess } from './lib/server-process';

const SIZES = (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number);
const PHASES = new Set((process.env.BENCH_PHASES || 'start,requests,mixed,backup,bundles').split(','));
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS || 15);
const BACKUP_SIZES = new Set((process.env.BENCH_BACKUP_SIZES || String(Math.max(...SIZES))).split(',').map(Number));
const LABEL = process.env.BENCH_LABEL || 'last';
/** A 1 GB machine: the start script and the systemd unit set the same (README). */
const HEAP_FLAG = SERVER_V8_FLAGS.find((flag) => flag.startsWith('--max-old-space-size='))!;
const ADMIN = { email: 'bench-scale@example.org', password: 'bench-password-1' };

type Figures = Record<string, string | number>;
const results: Record<number, Figures> = {};

function note(size: number, name: string, value: string | number): void {
  (results[size] ??= {})[name] = value;
  console.log(`  ${name}: ${value}`);
}

/** Measures one figure; a failure (a refused request, a server that died) is noted as the figure. */
async function figure(size: number, name: string, measure: () => Promise<string>): Promise<void> {
  try {
    note(size, name, await measure());
  } catch (error) {
    note(size, name, `FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}
const cpu = (figure: CpuFigure) => `${figure.cpuMs.toFixed(1)} ms CPU (wall ${figure.wallMs.toFixed(1)} ms, ${figure.requests} requests)`;

/** The built client (server render included), kept per version of client/ so most runs skip the build. */
function builtClient(): string | null {
  if (process.env.BENCH_CLIENT === '0') return null;
  let version = 'working-copy';
  try {
    const dirty = execFileSync('git', ['status', '--porcelain', 'client'], { cwd: projectRoot, stdio: 'pipe' }).toString().trim() !== '';
    if (!dirty) version = execFileSync('git', ['rev-parse', 'HEAD:client'], { cwd: projectRoot, stdio: 'pipe' }).toString().trim().slice(0, 12);
  } catch {
    // Not a git checkout: build every time.
  }
  const dirty = version === 'working-copy';
  const outDir = path.join(SCALE_CACHE_DIR, `client-${version}`);
  if (!dirty && existsSync(path.join(outDir, 'index.html'))) return outDir;
  console.log('Building the client (kept in .bench-scale for later runs)...');
  const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build-client.mjs'), '--outDir', outDir], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('client build failed');
  return outDir;
}

/** Whether the file has run every migration this checkout knows. */
function fullyMigrated(file: string): boolean {
  const db = new SQLite(file, { readonly: true });
  try {
    const done = new Set(db.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]);
    return Object.keys(migrations).every((name) => done.has(name));
  } finally {
    db.close();
  }
}

/**
 * The state right after a migration that asks for every post to be indexed again (006 left the
 * dashboard's search index so): the index emptied and every post queued. A file made before a
 * newer migration needs no such help: the server runs the real migration.
 */
function queueEveryPostForIndexing(file: string): void {
  const db = new SQLite(file);
  try {
    db.exec(`INSERT INTO posts_manage_search (posts_manage_search) VALUES ('delete-all');
      DELETE FROM posts_manage_queue; INSERT INTO posts_manage_queue (post_id, indexed_key) SELECT id, NULL FROM posts;`);
  } finally {
    db.close();
  }
}

function startReference(databaseFile: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(projectRoot, 'scripts', 'bench-reference.ts'), [], {
      cwd: projectRoot, env: { ...process.env, BENCH_DB: databaseFile, PORT: '0' }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`reference exited with ${code}`)));
  });
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

async function login(base: string): Promise<string> {
  const answer = await request(`${base}/api/users/login`, { method: 'POST', body: ADMIN });
  return (JSON.parse(answer.body.toString()) as { token: string }).token;
}

/** Waits until the dashboard's search no longer says it is still indexing (answers the wait). */
async function waitForIndexing(base: string, token: string, since: number): Promise<number> {
  for (;;) {
    const answer = await request(`${base}/api/posts/manage?q=zzqx`, { headers: { authorization: `Bearer ${token}` }, timeoutMs: 600_000 });
    const body = JSON.parse(answer.body.toString()) as { indexing?: boolean };
    if (answer.status === 200 && body.indexing !== true) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measureRequests(size: number, server: ServerProcess, reference: { pid: number; port: number }, token: string): Promise<void> {
  const pid = server.child.pid!;
  const base = server.url;
  const staff = { authorization: `Bearer ${token}` };
  await figure(size, 'reference: 9 posts, 1 prepared statement', async () => cpu(await cpuPerRequest(reference.pid, () => `http://127.0.0.1:${reference.port}/reference/Iraq/ar`)));
  await figure(size, 'list page 1 (cached)', async () => cpu(await cpuPerRequest(pid, () => `${base}/api/posts/Iraq/ar`)));
  // Deep pages: the last pages of every type and language, each asked once (never from the cache).
  const deep: string[] = [];
  for (const type of ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer%20And%20Brochure']) {
    for (const language of ['en', 'ar']) {
      const { pages } = JSON.parse((await request(`${base}/api/posts/${type}/${language}`)).body.toString()) as { pages: number };
      for (let page = pages; page > Math.max(1, pages - 40); page--) deep.push(`${base}/api/posts/${type}/${language}?pageNumber=${page}`);
    }
  }
  await figure(size, 'deep list page (uncached)', async () => cpu(await cpuPerRequest(pid, (i) => deep[(i + deep.length) % deep.length], { maxRequests: deep.length - 1 })));
  for (const language of ['en', 'ar'] as const) {
    // The one word, asked in shorter prefixes that find the same posts (no other word of the
    // vocabulary starts so) and on its first pages: every request misses the cache.
    const word = COMMONEST[language];
    const variants: string[] = [];
    for (let cut = word.length; cut >= word.length - (language === 'en' ? 5 : 3); cut--) for (let page = 1; page <= 4; page++) variants.push(`keyword=${encodeURIComponent(word.slice(0, cut))}&pageNumber=${page}`);
    const url = (query: string) => `${base}/api/posts/s?${query}`;
    const first = JSON.parse((await request(url(`keyword=${encodeURIComponent(word)}`))).body.toString()) as { pages: number; more?: boolean };
    await figure(size, `search "${word}" first pages (uncached)`, async () => `${cpu(await cpuPerRequest(pid, (i) => url(variants[i + 1]), { maxRequests: variants.length - 1, minMs: 3000 }))}; pages ${first.pages}${first.more ? '+' : ''}`);
    await figure(size, `search "${word}" page 1 (cached)`, async () => cpu(await cpuPerRequest(pid, () => url(`keyword=${encodeURIComponent(word)}`))));
  }
  await figure(size, 'feed /feed/en.xml', async () => cpu(await cpuPerRequest(pid, () => `${base}/feed/en.xml`)));
  await figure(size, 'feed /feed/ar.xml', async () => cpu(await cpuPerRequest(pid, () => `${base}/feed/ar.xml`)));
  const sitemap = (await request(`${base}/sitemap.xml`)).body.toString();
  const entries = (sitemap.match(/<loc>/g) ?? []).length;
  await figure(size, '/sitemap.xml', async () => `${cpu(await cpuPerRequest(pid, () => `${base}/sitemap.xml`, { maxRequests: 30 }))}; ${sitemap.includes('<sitemapindex') ? `an index of ${entries}` : `${entries} addresses`}; ${(sitemap.length / 1024).toFixed(0)} kB`);
  const child = /<loc>[^<]*(\/sitemap\/posts-\d+\.xml)<\/loc>/.exec(sitemap)?.[1];
  if (child) {
    const last = [...sitemap.matchAll(/<loc>[^<]*(\/sitemap\/posts-\d+\.xml)<\/loc>/g)].at(-1)![1];
    await figure(size, `sitemap child ${child}`, async () => cpu(await cpuPerRequest(pid, () => `${base}${child}`, { maxRequests: 30 })));
    await figure(size, `sitemap child ${last}`, async () => cpu(await cpuPerRequest(pid, () => `${base}${last}`, { maxRequests: 30 })));
  }
  // Published posts only (a draft answers 404): the ids of a list page.
  const shown = (JSON.parse((await request(`${base}/api/posts/Iraq/ar`)).body.toString()) as { posts: Array<{ _id: string }> }).posts.map((post) => post._id);
  await figure(size, 'post read /api/posts/{id}', async () => cpu(await cpuPerRequest(pid, (i) => `${base}/api/posts/${shown[Math.abs(i) % shown.length]}`)));
  await figure(size, 'dashboard list page 1', async () => cpu(await cpuPerRequest(pid, () => `${base}/api/posts/manage`, { headers: staff })));
  await figure(size, 'dashboard search "trafficking"', async () => cpu(await cpuPerRequest(pid, () => `${base}/api/posts/manage?q=trafficking`, { headers: staff })));
  await figure(size, 'visits summary, a year', async () => cpu(await cpuPerRequest(pid, () => `${base}/api/events/summary?from=2025-01-01&to=2025-12-31`, { headers: staff, maxRequests: 20 })));
  await figure(size, 'top pages CSV, a year', async () => cpu(await cpuPerRequest(pid, () => `${base}/api/events/top.csv?from=2025-01-01&to=2025-12-31`, { headers: staff, maxRequests: 20 })));
  // A staff save: the post read then written back with a new title.
  let saves = 0;
  const before = cpuMs(pid);
  for (; saves < 20; saves++) {
    const id = scalePostId(publishedPostNumber(saves * 104_729, size));
    const post = JSON.parse((await request(`${base}/api/posts/${id}`, { headers: staff })).body.toString()) as { title: string; describtion: string; language: string; type: string };
    const saved = await request(`${base}/api/posts/${id}`, { method: 'PUT', headers: staff, body: { title: `${post.title} (s)`, describtion: post.describtion, language: post.language, type: post.type } });
    if (saved.status !== 200) throw new Error(`save: ${saved.status} ${saved.body.toString().slice(0, 200)}`);
  }
  note(size, 'staff save (read + PUT)', `${((cpuMs(pid) - before) / saves).toFixed(1)} ms CPU`);
  note(size, 'server peak RSS so far', `${peakRssMb(pid).toFixed(0)} MB`);
}

const mix = (figures: MixFigures) => `${figures.cpuMsPerRequest.toFixed(1)} ms CPU/request, ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ${figures.timeouts} timeouts, ${figures.errors} errors${figures.saves ? `, ${figures.saves} saves` : ''}`;

async function measureBackup(size: number, bundle: string, env: Record<string, string>, dataDir: string): Promise<void> {
  const server = spawnServer([...SERVER_V8_FLAGS, bundle], { ...env, DAILY_BACKUPS_KEPT: '1' }, await freePort());
  try {
    await waitForHealth(server, performance.now(), 600_000);
    const backups = path.join(dataDir, 'backups');
    const listing = () => { try { return readdirSync(backups); } catch { return []; } };
    // The first daily check is a minute after start.
    while (!listing().some((name) => name.startsWith('.backup-work-'))) await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const probe = visitorProbe(server.url, size);
    while (!listing().some((name) => /^daily-.*\.tar\.gz$/.test(name))) await new Promise((resolve) => setTimeout(resolve, 50));
    const took = performance.now() - started;
    const seen = await probe.stop();
    note(size, 'daily backup', `${(took / 1000).toFixed(1)} s; a visitor's answers meanwhile: p99 ${seen.p99.toFixed(0)} ms, slowest ${seen.max.toFixed(0)} ms (${seen.requests} requests)`);
  } finally {
    await stopServer(server);
  }
}

/**
 * The bundle step, bundled as the server is and written beside it in dist/: it then starts the
 * bundle worker built there (dist/bundle-worker.cjs), as production does, not one tsx compiles.
 */
async function buildBundleStep(): Promise<string> {
  const outfile = path.join(projectRoot, 'dist', 'scale-bundles-step.mjs');
  await build({
    absWorkingDir: projectRoot, entryPoints: [path.join(projectRoot, 'scripts', 'lib', 'scale-bundles-step.ts')], outfile,
    bundle: true, format: 'esm', platform: 'node', target: 'node22', external: NATIVE_EXTERNALS, banner: { js: BANNER },
    plugins: [assetDirnamePlugin], logLevel: 'error',
  });
  return outfile;
}
let bundleStepScript = '';

/** Runs one bundle step in its own process under the small heap; a crash is a figure too. */
function bundleStep(size: number, name: string, args: string[]): boolean {
  const started = performance.now();
  const run = spawnSync(process.execPath, [HEAP_FLAG, bundleStepScript, ...args], { cwd: projectRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    const reason = /heap out of memory/i.test(run.stderr) ? 'V8 heap out of memory' : (run.stderr.trim().split('\n').slice(-3).join(' / ') || `exit ${run.status ?? run.signal}`);
    note(size, name, `FAILED after ${((performance.now() - started) / 1000).toFixed(1)} s: ${reason}`);
    return false;
  }
  const figures = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { ms: number; peakRssMb: number; restingRssMb: number; longestPauseMs: number; bytes?: number };
  note(size, name, `${figures.ms} ms; peak RSS ${figures.peakRssMb} MB (${figures.restingRssMb} MB before); longest pause ${figures.longestPauseMs} ms${figures.bytes ? `; ${(figures.bytes / 1024 / 1024).toFixed(1)} MB` : ''}`);
  return true;
}

function measureBundles(size: number, readyDatabase: string, scratch: string): void {
  const hq = path.join(scratch, 'hq');
  const office = path.join(scratch, 'office');
  copyScaleDatabase(readyDatabase, hq);
  const key = generateSigningKey(path.join(scratch, 'bundle-key.pem'));
  const keyFile = path.join(scratch, 'bundle-key.pem');
  const full = path.join(scratch, 'full.tar.gz');
  const since = path.join(scratch, 'since.tar.gz');
  if (!bundleStep(size, 'bundle: full export', ['export', hq, keyFile, full])) return;
  if (!bundleStep(size, 'bundle: full import into a new office', ['import', office, key.publicKeyLine, full])) return;
  bundleStep(size, 'bundle: 20 changes at headquarters', ['change', hq, '20']);
  if (!bundleStep(size, 'bundle: incremental export (10 edited, 10 deleted)', ['export', hq, keyFile, since, 'last'])) return;
  bundleStep(size, 'bundle: incremental import', ['import', office, key.publicKeyLine, since]);
}

async function measureSize(size: number, serverBundle: string, clientDir: string | null): Promise<void> {
  console.log(`\n== ${size.toLocaleString('en')} posts ==`);
  const cached = await scaleDatabase(size);
  const scratch = mkdtempSync(path.join(tmpdir(), `bench-scale-${size}-`));
  const children: ChildProcess[] = [];
  let server: ServerProcess | null = null;
  try {
    const dataDir = path.join(scratch, 'data');
    const databaseFile = copyScaleDatabase(cached, dataDir);
    const upgrade = !fullyMigrated(databaseFile);
    if (!upgrade) queueEveryPostForIndexing(databaseFile);
    // No daily backup a minute after start (the backup phase starts its own): at 100,000 posts it
    // takes the machine for 40 s and its CPU would be counted against the requests measured then.
    const env = { DATA_DIR: dataDir, CLIENT_DIR: clientDir ?? path.join(dataDir, 'no-client'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'loopback', DAILY_BACKUPS_KEPT: '0' };
    const started = performance.now();
    server = spawnServer([...SERVER_V8_FLAGS, serverBundle], env, await freePort());
    const health = await waitForHealth(server, started, 900_000, 20);
    const token = await login(server.url);
    const indexed = await waitForIndexing(server.url, token, started);
    note(size, upgrade ? 'first start after the migrations this checkout adds' : 'first start with every post queued for indexing', `/api/health after ${(health / 1000).toFixed(2)} s; indexing done after ${(indexed / 1000).toFixed(1)} s`);
    note(size, 'server RSS at rest', `${rssMb(server.child.pid!).toFixed(0)} MB`);
    resetPeakRss(server.child.pid!);

    if (PHASES.has('requests')) {
      const reference = await startReference(databaseFile);
      children.push(reference.child);
      await measureRequests(size, server, { pid: reference.child.pid!, port: reference.port }, token);
    }
    if (PHASES.has('mixed')) {
      const options = { base: server.url, posts: size, withPages: clientDir !== null, seconds: MIX_SECONDS, connections: 10, serverPid: server.child.pid! };
      await mixedLoad({ ...options, seconds: 3 }); // warm-up
      const quiet = await mixedLoad(options);
      note(size, 'mixed visitors', mix(quiet));
      const busy = await mixedLoad(options, token);
      note(size, 'mixed visitors + 1 staff save/s', `${mix(busy)}; ${((busy.requestsPerSecond / quiet.requestsPerSecond) * 100).toFixed(0)}% of the mix without saves`);
      note(size, 'server peak RSS under the mixed load', `${peakRssMb(server.child.pid!).toFixed(0)} MB`);
    }
    await stopServer(server);
    server = null;
    if (PHASES.has('backup') && BACKUP_SIZES.has(size)) await measureBackup(size, serverBundle, env, dataDir);
    if (PHASES.has('bundles')) measureBundles(size, databaseFile, scratch);
  } finally {
    if (server) await stopServer(server);
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`bench:scale (Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}), server under ${SERVER_V8_FLAGS.join(' ')}`);
  const clientDir = PHASES.has('requests') || PHASES.has('mixed') ? builtClient() : null;
  const serverBundle = await buildServer({ quiet: true });
  if (PHASES.has('bundles')) bundleStepScript = await buildBundleStep();
  for (const size of SIZES) await measureSize(size, serverBundle, clientDir);
  const names = [...new Set(SIZES.flatMap((size) => Object.keys(results[size] ?? {})))];
  console.log(`\n| figure | ${SIZES.map((size) => `${size.toLocaleString('en')} posts`).join(' | ')} |`);
  console.log(`|---|${SIZES.map(() => '---').join('|')}|`);
  for (const name of names) console.log(`| ${name} | ${SIZES.map((size) => results[size]?.[name] ?? '').join(' | ')} |`);
  writeFileSync(path.join(SCALE_CACHE_DIR, `results-${LABEL}.json`), JSON.stringify({ at: new Date().toISOString(), load: loadavg(), results }, null, 2));
}

await main();
