// What synchronous=FULL costs writes, against NORMAL: the same server, each mode in its own
// process and its own fresh DATA_DIR, loaded by autocannon on loopback. Run: npm run bench:writes
//   - GET /api/posts/{id}: every public read of a post also counts its view (one small commit);
//   - POST /api/posts: a staff write (the post, its search row and an audit entry in transactions).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { SynchronousMode } from '../src/db/connection';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 10;
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };
const MODES: SynchronousMode[] = ['NORMAL', 'FULL'];

/** Child: one server with the asked mode; tells the parent its port. */
async function serve(mode: SynchronousMode, dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '0', DAILY_BACKUPS_KEPT: '0', CLIENT_DIR: path.join(dataDir, 'no-client'), LOG_LEVEL: 'warn' });
  const app = await buildApp(config, { logger: false, synchronous: mode });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const journal = app.sqlite.pragma('synchronous', { simple: true });
  process.send?.({ port: (app.server.address() as { port: number }).port, synchronous: journal });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

function start(mode: SynchronousMode, dataDir: string): Promise<{ child: ChildProcess; port: number; synchronous: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--serve', mode, dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve({ child, ...(message as { port: number; synchronous: number }) }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

interface Figures { requestsPerSecond: number; p50: number; p99: number; errors: number }

async function load(options: autocannon.Options): Promise<Figures> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function measure(mode: SynchronousMode): Promise<Record<string, Figures>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-writes-${mode.toLowerCase()}-`));
  const server = await start(mode, dataDir);
  try {
    const expected = mode === 'FULL' ? 2 : 1;
    if (server.synchronous !== expected) throw new Error(`the server runs synchronous=${server.synchronous}, not ${mode}`);
    const base = `http://127.0.0.1:${server.port}`;
    const token = ((await (await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = { title: 'Benchmark post', describtion: 'A paragraph about protection and support. '.repeat(20), language: 'en', type: 'Iraq' };
    const created = (await (await fetch(`${base}/api/posts`, { method: 'POST', headers, body: JSON.stringify(post) })).json()) as { _id: string };
    return {
      'GET /api/posts/{id} (counts a view)': await load({ url: `${base}/api/posts/${created._id}` }),
      'POST /api/posts (staff write)': await load({ url: `${base}/api/posts`, method: 'POST', headers, body: JSON.stringify(post) }),
    };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const results: Partial<Record<SynchronousMode, Record<string, Figures>>> = {};
  for (const mode of MODES) {
    console.log(`Measuring synchronous=${mode} (${DURATION_SECONDS} s a route, ${CONNECTIONS} connections)...`);
    results[mode] = await measure(mode);
  }
  const rows = Object.keys(results.FULL!).map((route) => {
    const normal = results.NORMAL![route];
    const full = results.FULL![route];
    return {
      route,
      'NORMAL req/s': Math.round(normal.requestsPerSecond),
      'FULL req/s': Math.round(full.requestsPerSecond),
      'FULL/NORMAL': (full.requestsPerSecond / normal.requestsPerSecond).toFixed(2),
      'NORMAL p50/p99 ms': `${normal.p50}/${normal.p99}`,
      'FULL p50/p99 ms': `${full.p50}/${full.p99}`,
      errors: normal.errors + full.errors,
    };
  });
  console.table(rows);
}

if (process.argv[2] === '--serve') await serve(process.argv[3] as SynchronousMode, process.argv[4]);
else await main();
