// Page load benchmark: the home page and a post page, rendered by the server, measured directly
// and through a real nginx with the proxy cache of scripts/nginx/proxy-cache.conf, against the
// bare Fastify + better-sqlite3 reference route (scripts/bench-reference.ts) in the same run, with
// the server's memory. Budgets: a server-rendered post page at ≥ 0.3× the reference's requests
// per second, and the server under 150 MB. Run: npm run bench:pages (nginx at /usr/sbin/nginx or NGINX).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from './build-server.mjs';
import { freePort, spawnServer, waitForHealth } from './lib/server-process';

const root = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 10;
const RATIO_BUDGET = 0.3;
const RSS_BUDGET_MB = 150;

function rssMegabytes(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function buildClient(outDir: string): void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-client.mjs'), '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('client build failed');
}

function startReference(databaseFile: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'scripts', 'bench-reference.ts'), [], {
      cwd: root, env: { ...process.env, BENCH_DB: databaseFile, PORT: '0' }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`reference exited with ${code}`)));
  });
}

/** nginx as this user, with its own prefix, running the shipped proxy-cache example on a free port. */
async function startNginx(workDir: string, upstreamPort: number): Promise<{ child: ChildProcess; port: number; pidFile: string }> {
  const port = await freePort();
  const example = readFileSync(path.join(root, 'scripts', 'nginx', 'proxy-cache.conf'), 'utf8');
  const site = example
    .replace('/var/cache/nginx/anti-trafficking-site', path.join(workDir, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
    .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${port};`);
  for (const dir of ['cache', 'logs', 'temp']) mkdirSync(path.join(workDir, dir), { recursive: true });
  const pidFile = path.join(workDir, 'nginx.pid');
  const temp = path.join(workDir, 'temp');
  const config = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${pidFile};`,
    `error_log ${path.join(workDir, 'logs', 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;`,
    `  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;`,
    site,
    '}',
  ].join('\n');
  const configFile = path.join(workDir, 'nginx.conf');
  writeFileSync(configFile, config);
  const child = spawn(NGINX, ['-p', workDir, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port, pidFile };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${readFileSync(path.join(workDir, 'logs', 'error.log'), 'utf8')}`);
}

interface Run { name: string; requestsPerSecond: number; p99: number; errors: number; bytes: number; peakRssMb: number }

/** The server's process: its memory is sampled during each run. */
let serverPid = 0;

async function load(name: string, url: string, options: { headers?: Record<string, string>; uniquePaths?: boolean } = {}): Promise<Run> {
  const { pathname } = new URL(url);
  let counter = 0;
  const requests = options.uniquePaths
    // Every request under another host name (without PUBLIC_URL the page's absolute links follow
    // the Host, so the cache keeps one copy per host): every page is rendered.
    ? [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) => ({ ...request, path: pathname, headers: { ...request.headers, host: `h${counter++}.bench.test` } }) }]
    : undefined;
  const settings = { url, connections: CONNECTIONS, headers: options.headers, requests };
  let peakRssMb = 0;
  const sample = () => { if (serverPid) peakRssMb = Math.max(peakRssMb, rssMegabytes(serverPid)); };
  const sampler = setInterval(sample, 200);
  await autocannon({ ...settings, duration: 2 });
  const result = await autocannon({ ...settings, duration: DURATION_SECONDS });
  clearInterval(sampler);
  sample();
  return {
    name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx,
    bytes: result.throughput.average / Math.max(result.requests.average, 1), peakRssMb,
  };
}

async function main(): Promise<void> {
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (set NGINX)`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
  const children: ChildProcess[] = [];
  try {
    const clientDir = path.join(scratch, 'client');
    const dataDir = path.join(scratch, 'data');
    console.log('Building the client, its server render and the server bundle...');
    buildClient(clientDir);
    const bundle = await buildServer({ quiet: true });
    const env = { DATA_DIR: dataDir, CLIENT_DIR: clientDir, SEED_DEMO: '1', ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench-password-1' };
    // The first start draws the demo pictures with sharp; memory is measured on the next start, as an office machine runs.
    const seeding = spawnServer(bundle, env, await freePort());
    await waitForHealth(seeding, performance.now(), 60_000);
    seeding.child.kill('SIGTERM');
    await seeding.exited;
    const server = spawnServer(bundle, env, await freePort());
    children.push(server.child);
    await waitForHealth(server, performance.now(), 60_000);
    const reference = await startReference(path.join(dataDir, 'site.db'));
    children.push(reference.child);
    const nginxDir = path.join(scratch, 'nginx');
    const nginx = await startNginx(nginxDir, server.port);
    children.push(nginx.child);

    const direct = server.url;
    const proxied = `http://127.0.0.1:${nginx.port}`;
    const list = await (await fetch(`${direct}/api/posts/Iraq/en?pageNumber=1`)).json() as { posts: Array<{ _id: string }> };
    const post = `/p/${list.posts[0]._id}`;
    const browser = { 'accept-encoding': 'br, gzip', cookie: 'i18next=en' };
    const idleRss = rssMegabytes(server.child.pid!);

    serverPid = server.child.pid!;
    const referenceRun = await load('reference: bare Fastify + 1 prepared statement (JSON)', `http://127.0.0.1:${reference.port}/reference/Iraq/en`);
    const runs: Run[] = [
      await load('direct  / (from the page cache)', `${direct}/`),
      await load(`direct  ${'/p/{id}'} (from the page cache)`, `${direct}${post}`),
      await load(`direct  ${'/p/{id}'} rendered on every request`, `${direct}${post}`, { uniquePaths: true }),
      await load(`direct  ${'/p/{id}'}, brotli (browser headers)`, `${direct}${post}`, { headers: browser }),
      await load('nginx   / , brotli (browser headers)', `${proxied}/`, { headers: browser }),
      await load(`nginx   ${'/p/{id}'}, brotli (browser headers)`, `${proxied}${post}`, { headers: browser }),
    ];
    const peakRss = Math.max(idleRss, ...runs.map((run) => run.peakRssMb));
    const nginxRss = [nginx.child.pid!, ...readFileSync(`/proc/${nginx.child.pid}/task/${nginx.child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
      .reduce((sum, pid) => sum + rssMegabytes(pid), 0);

    console.table([referenceRun, ...runs].map((run) => ({
      route: run.name,
      'req/s': Math.round(run.requestsPerSecond),
      'p99 ms': run.p99,
      'vs reference': (run.requestsPerSecond / referenceRun.requestsPerSecond).toFixed(2),
      'bytes/answer': Math.round(run.bytes),
      'server RSS MB': run === referenceRun ? '' : run.peakRssMb.toFixed(0),
      errors: run.errors,
    })));
    console.log(`server RSS: ${idleRss.toFixed(0)} MB at rest, ${peakRss.toFixed(0)} MB peak under load; nginx (master + worker): ${nginxRss.toFixed(0)} MB`);

    const rendered = runs[2];
    const failures: string[] = [];
    const ratio = rendered.requestsPerSecond / referenceRun.requestsPerSecond;
    if (ratio < RATIO_BUDGET) failures.push(`a post page rendered on every request reaches ${ratio.toFixed(2)}× the reference (budget ${RATIO_BUDGET}×)`);
    if (peakRss >= RSS_BUDGET_MB) failures.push(`server RSS peaked at ${peakRss.toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB)`);
    if (runs.some((run) => run.errors > 0)) failures.push('some requests failed');
    console.log(failures.length === 0 ? 'All budgets met.' : `Budgets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
