// Page load benchmark: post pages rendered by the server, ids rotating over 2,000 posts in both
// languages, rendered on every request and then from the page cache, measured beside the bare
// reference (scripts/bench-reference.ts) rendering the same posts as a minimal React page and as a
// template string; the API's p99 while pages render; the home page and a post through a real nginx
// running scripts/nginx/proxy-cache.conf. Figures: CPU milliseconds per request and resident memory
// read from /proc, requests per second, p99. Budgets (docs/benchmarks.md, "Server-rendered pages"):
// - a post page rendered on every request: at most 2.7x the React reference's CPU per request, or
//   at least 0.3x its requests per second;
// - post pages from the cache: at least the template reference's requests per second, at most 1.5x
//   its CPU per request;
// - the API's p99 while pages render at most 25 ms; the server at most 200 MB under each load and
//   100 MB at rest.
// Run: npm run bench:pages (nginx at /usr/sbin/nginx or NGINX; without it the nginx rows are left out).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';
import { measureCrawl, measureLoad, rowOf, rssMb, sendEach, startReference, type LoadFigures } from './lib/bench-load';
import { BENCH_ADMIN, publishedPostIds, seedBenchSite } from './lib/bench-posts';
import { freePort, spawnServer, waitForHealth } from './lib/server-process';

const root = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
const BUDGET = {
  renderCpuVsReact: 2.7,
  renderRateVsReact: 0.3,
  cachedRateVsTemplate: 1.0,
  cachedCpuVsTemplate: 1.5,
  apiP99Ms: 25,
  peakRssMb: 200,
  idleRssMb: 100,
};
const LANGUAGES = ['en', 'ar'] as const;

function buildClient(outDir: string): void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-client.mjs'), '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('client build failed');
}

/** nginx as this user, with its own prefix, running the shipped proxy-cache example on a free port. */
async function startNginx(workDir: string, upstreamPort: number): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const example = readFileSync(path.join(root, 'scripts', 'nginx', 'proxy-cache.conf'), 'utf8');
  const site = example
    .replace('/var/cache/nginx/anti-trafficking-site', path.join(workDir, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
    .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${port};`);
  for (const dir of ['cache', 'logs', 'temp']) mkdirSync(path.join(workDir, dir), { recursive: true });
  const temp = path.join(workDir, 'temp');
  const config = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(workDir, 'nginx.pid')};`,
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
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${readFileSync(path.join(workDir, 'logs', 'error.log'), 'utf8')}`);
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
  const children: ChildProcess[] = [];
  try {
    const clientDir = path.join(scratch, 'client');
    const dataDir = path.join(scratch, 'data');
    console.log('Building the client, its server render and the server bundle, seeding the demo content and 2,000 posts...');
    buildClient(clientDir);
    const bundle = await buildServer({ quiet: true });
    await seedBenchSite(dataDir);
    const ids = publishedPostIds(dataDir);
    const env = { DATA_DIR: dataDir, CLIENT_DIR: clientDir, SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
    const server = spawnServer(bundle, env, await freePort());
    children.push(server.child);
    await waitForHealth(server, performance.now(), 60_000);
    const reference = await startReference(path.join(dataDir, 'site.db'));
    children.push(reference.child);
    const serverPid = server.child.pid!;
    const referencePid = reference.child.pid!;
    // Idle memory a few seconds after start, as an office machine runs between visitors.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRss = rssMb(serverPid);

    // Request i reads post i (mod 2,000), in English for the first pass over the posts, in Arabic for the next.
    const postAt = (index: number) => ids[index % ids.length];
    const languageAt = (index: number) => LANGUAGES[Math.floor(index / ids.length) % 2];
    const rotatingPosts = (index: number) => ({ path: `/p/${postAt(index)}`, headers: { cookie: `i18next=${languageAt(index)}` } });

    const referenceJson = await measureLoad('reference: 9 posts as JSON', { pid: referencePid, url: `${reference.url}/reference/Iraq/en` });
    const referenceReact = await measureLoad('reference: post page, React renderToString', {
      pid: referencePid, url: reference.url, next: (index) => ({ path: `/reference/post-react/${postAt(index)}` }),
    });
    const referenceTemplate = await measureLoad('reference: post page, template string', {
      pid: referencePid, url: reference.url, next: (index) => ({ path: `/reference/post-template/${postAt(index)}` }),
    });

    // A crawl of every post, one language a pass, the page cache emptied before each (a settings
    // save announces a change): every page is rendered once and kept, none pushed out.
    const token = ((await (await fetch(`${server.url}/api/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN),
    })).json()) as { token: string }).token;
    const settings = await (await fetch(`${server.url}/api/settings`)).json() as Record<string, unknown>;
    const emptyPageCache = async () => {
      const saved = await fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(settings) });
      if (!saved.ok) throw new Error(`saving the settings failed: ${saved.status} ${await saved.text()}`);
    };
    const rendered = await measureCrawl('/p/{id} rendered: a crawl of 2,000 posts, en then ar, 4 passes', {
      pid: serverPid, url: server.url, count: ids.length, passes: 4, before: emptyPageCache, next: rotatingPosts,
    });
    // Every request under another host name (without PUBLIC_URL a page's absolute links follow the
    // Host, so each host is another page): every one rendered and kept, pushing another out.
    const forced = await measureLoad('/p/{id} rendered, a new Host each (the cache churning)', {
      pid: serverPid, url: server.url,
      next: (index) => { const request = rotatingPosts(index); return { ...request, headers: { ...request.headers, host: `h${index}.bench.test` } }; },
    });

    // As browsers and search engines ask: one pass over every post in both languages, then the same
    // rotation from the cache.
    const asBrowsers = (index: number) => { const request = rotatingPosts(index); return { ...request, headers: { ...request.headers, 'accept-encoding': 'br, gzip' } }; };
    await sendEach({ url: server.url, count: ids.length * LANGUAGES.length, next: asBrowsers });
    const cached = await measureLoad('/p/{id} from the page cache, brotli (2,000 ids, en + ar)', { pid: serverPid, url: server.url, next: asBrowsers, warmUpSeconds: 0 });
    const home = await measureLoad('/ from the page cache', { pid: serverPid, url: `${server.url}/` });

    // The API while pages render: 8 connections render pages, 2 read a list page of the API.
    const pagesMeanwhile = measureLoad('(pages rendering meanwhile)', {
      pid: serverPid, url: server.url, connections: 8, warmUpSeconds: 0,
      next: (index) => { const request = rotatingPosts(index); return { ...request, headers: { ...request.headers, host: `api-run-${index}.bench.test` } }; },
    });
    const apiUnderLoad = await measureLoad('GET /api/posts/International/en?pageNumber=3 while pages render', {
      pid: serverPid, url: `${server.url}/api/posts/International/en?pageNumber=3`, connections: 2, warmUpSeconds: 0,
    });
    await pagesMeanwhile;
    // The server's CPU went to both loads: no figure per API request.
    apiUnderLoad.cpuMsPerRequest = Number.NaN;

    const runs: LoadFigures[] = [rendered, forced, cached, home, apiUnderLoad];
    const nginxRuns: LoadFigures[] = [];
    if (existsSync(NGINX)) {
      const nginx = await startNginx(path.join(scratch, 'nginx'), server.port);
      children.push(nginx.child);
      const browser = { 'accept-encoding': 'br, gzip', cookie: 'i18next=ar' };
      const proxied = `http://127.0.0.1:${nginx.port}`;
      nginxRuns.push(await measureLoad('nginx / , brotli (server CPU)', { pid: serverPid, url: `${proxied}/`, headers: browser }));
      nginxRuns.push(await measureLoad('nginx /p/{id}, brotli (server CPU)', { pid: serverPid, url: `${proxied}/p/${ids[0]}`, headers: browser }));
    } else {
      console.log(`nginx not found at ${NGINX}: the nginx rows are left out (set NGINX).`);
    }

    console.log(`\nnode ${process.version}, ${cpus().length} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}, ${ids.length} posts`);
    console.table([
      ...[referenceJson, referenceReact, referenceTemplate].map((run) => rowOf(run)),
      rowOf(rendered, referenceReact),
      rowOf(forced, referenceReact),
      rowOf(cached, referenceTemplate),
      rowOf(home, referenceTemplate),
      rowOf(apiUnderLoad, referenceJson),
      ...nginxRuns.map((run) => rowOf(run)),
    ]);
    const peakRss = Math.max(...runs.map((run) => run.peakRssMb));
    console.log(`server RSS: ${idleRss.toFixed(0)} MB at rest, ${peakRss.toFixed(0)} MB peak under load`);

    const failures: string[] = [];
    const renderCpu = rendered.cpuMsPerRequest / referenceReact.cpuMsPerRequest;
    const renderRate = rendered.requestsPerSecond / referenceReact.requestsPerSecond;
    if (renderCpu > BUDGET.renderCpuVsReact && renderRate < BUDGET.renderRateVsReact) {
      failures.push(`a rendered post page costs ${renderCpu.toFixed(2)}x the React reference's CPU (budget ${BUDGET.renderCpuVsReact}x) at ${renderRate.toFixed(2)}x its req/s (budget ${BUDGET.renderRateVsReact}x)`);
    }
    const cachedRate = cached.requestsPerSecond / referenceTemplate.requestsPerSecond;
    const cachedCpu = cached.cpuMsPerRequest / referenceTemplate.cpuMsPerRequest;
    if (cachedRate < BUDGET.cachedRateVsTemplate) failures.push(`cached post pages reach ${cachedRate.toFixed(2)}x the template reference's req/s (budget ${BUDGET.cachedRateVsTemplate}x)`);
    if (cachedCpu > BUDGET.cachedCpuVsTemplate) failures.push(`cached post pages cost ${cachedCpu.toFixed(2)}x the template reference's CPU (budget ${BUDGET.cachedCpuVsTemplate}x)`);
    if (apiUnderLoad.p99 > BUDGET.apiP99Ms) failures.push(`the API's p99 while pages render is ${apiUnderLoad.p99} ms (budget ${BUDGET.apiP99Ms} ms)`);
    if (peakRss > BUDGET.peakRssMb) failures.push(`server RSS peaked at ${peakRss.toFixed(0)} MB (budget ${BUDGET.peakRssMb} MB)`);
    if (idleRss > BUDGET.idleRssMb) failures.push(`server RSS at rest is ${idleRss.toFixed(0)} MB (budget ${BUDGET.idleRssMb} MB)`);
    if ([...runs, ...nginxRuns].some((run) => run.errors > 0)) failures.push('some requests failed');
    console.log(failures.length === 0 ? 'All budgets met.' : `Budgets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
