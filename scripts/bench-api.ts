// API load benchmark: autocannon on loopback against the real server with 2,000 posts,
// compared with a bare Fastify + better-sqlite3 route in the same run. Run: npm run bench:api
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildServer } from './build-server.mjs';
import { BENCH_POSTS, benchPost } from './lib/bench-posts';
import { freePort, spawnServer, waitForHealth } from './lib/server-process';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 10;
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };
const root = path.resolve(import.meta.dirname, '..');
// The list route and the reference read International/en: English posts of that type fill many
// pages (benchPost gives Iraq only Arabic posts, so Iraq/en would measure a near-empty page).

async function prepareData(dataDir: string): Promise<void> {
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '1', DAILY_BACKUPS_KEPT: '0' };
  const app = await buildApp(loadConfig(env), { logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
  const token = login.json<{ token: string }>().token;
  for (let i = 0; i < BENCH_POSTS; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization: `Bearer ${token}` },
      payload: benchPost(i),
    });
    if (response.statusCode !== 201) throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
  }
  await app.close();
}

function startChild(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], { cwd: root, env: { ...process.env, ...env }, execArgv: script.endsWith('.ts') ? ['--import', 'tsx'] : [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The real server as `npm start` runs it: the bundle dist/server.mjs under plain node, in its own process. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const bundle = await buildServer({ quiet: true });
  const server = spawnServer(bundle, { DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') }, await freePort());
  await waitForHealth(server);
  return { child: server.child, port: server.port };
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Figures { name: string; requestsPerSecond: number; p99: number; peakRssMb?: number; errors: number }

async function load(name: string, url: string, pid?: number): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  let peak = 0;
  const sampler = pid ? setInterval(() => { peak = Math.max(peak, rssMegabytes(pid)); }, 250) : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (sampler) clearInterval(sampler);
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, peakRssMb: pid ? peak : undefined, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`Seeding ${BENCH_POSTS} posts...`);
    await prepareData(dataDir);
    const server = await startServer(dataDir);
    children.push(server.child);
    const reference = await startChild(path.join(root, 'scripts', 'bench-reference.ts'), { BENCH_DB: path.join(dataDir, 'site.db'), PORT: '0' });
    children.push(reference.child);

    const base = `http://127.0.0.1:${server.port}`;
    const idleRss = rssMegabytes(server.child.pid!);
    const somePost = await (await fetch(`${base}/api/posts/International/en`)).json() as { posts: Array<{ _id: string }> };
    const referenceFigures = await load('reference (bare Fastify + 1 prepared statement)', `http://127.0.0.1:${reference.port}/reference/International/en`);
    const routes: Figures[] = [];
    routes.push(await load('GET /api/posts/International/en?pageNumber=3', `${base}/api/posts/International/en?pageNumber=3`, server.child.pid));
    routes.push(await load('GET /api/posts/s?keyword=trafficking', `${base}/api/posts/s?keyword=trafficking`, server.child.pid));
    routes.push(await load('GET /api/posts/s?keyword=الاتجار', `${base}/api/posts/s?keyword=${encodeURIComponent('الاتجار')}`, server.child.pid));
    routes.push(await load('GET /api/maps', `${base}/api/maps`, server.child.pid));
    routes.push(await load('GET /api/posts/{id}', `${base}/api/posts/${somePost.posts[0]._id}`, server.child.pid));

    const rows = [referenceFigures, ...routes].map((f) => ({
      route: f.name,
      'req/s': Math.round(f.requestsPerSecond),
      'p99 ms': f.p99,
      'req/s ratio': (f.requestsPerSecond / referenceFigures.requestsPerSecond).toFixed(2),
      'p99 ratio': (f.p99 / Math.max(referenceFigures.p99, 1)).toFixed(2),
      'peak RSS MB': f.peakRssMb ? f.peakRssMb.toFixed(0) : '',
      errors: f.errors,
    }));
    console.table(rows);
    console.log(`server RSS at rest before the load: ${idleRss.toFixed(0)} MB`);

    // Budgets: list and search at least half the reference's throughput, p99 at most twice, RSS under 150 MB.
    const budgeted = routes.filter((f) => f.name.includes('/api/posts/International') || f.name.includes('/api/posts/s'));
    const failures = budgeted.flatMap((f) => [
      f.requestsPerSecond < referenceFigures.requestsPerSecond / 2 ? `${f.name}: req/s below half the reference` : [],
      f.p99 > Math.max(referenceFigures.p99, 1) * 2 ? `${f.name}: p99 above twice the reference` : [],
    ]).flat();
    const peak = Math.max(...routes.map((f) => f.peakRssMb ?? 0));
    if (peak >= 150) failures.push(`server RSS peaked at ${peak.toFixed(0)} MB`);
    if (routes.some((f) => f.errors > 0)) failures.push('some requests failed');
    console.log(failures.length === 0 ? 'All budgets met.' : `Budgets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
