// API load benchmark: autocannon on loopback against the real server with 2,000 posts, compared
// with the bare Fastify + better-sqlite3 reference (scripts/bench-reference.ts) in the same run:
// requests per second, p99, CPU milliseconds per request and resident memory read from /proc.
// Budgets: list and search at least half the reference's requests per second with a p99 at most
// twice its own; GET /api/posts/:id (views counted as the rules say) at most 3x the reference's
// CPU per request reading one post; the server at most 200 MB. Run: npm run bench:api
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';
import { measureLoad, rowOf, rssMb, startReference, type LoadFigures } from './lib/bench-load';
import { BENCH_POSTS, publishedPostIds, seedBenchSite } from './lib/bench-posts';
import { freePort, spawnServer, waitForHealth } from './lib/server-process';

const POSTS_READ = 50;
const BUDGET = { rateVsReference: 0.5, p99VsReference: 2, postCpuVsReference: 3, peakRssMb: 200 };

/** The real server as `npm start` runs it: the bundle dist/server.mjs under plain node, in its own process. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const bundle = await buildServer({ quiet: true });
  const server = spawnServer(bundle, { DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') }, await freePort());
  await waitForHealth(server);
  return { child: server.child, url: server.url };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`Seeding ${BENCH_POSTS} posts...`);
    await seedBenchSite(dataDir);
    const ids = publishedPostIds(dataDir);
    const server = await startServer(dataDir);
    children.push(server.child);
    const reference = await startReference(path.join(dataDir, 'site.db'));
    children.push(reference.child);
    const pid = server.child.pid!;
    const referencePid = reference.child.pid!;
    const idleRss = rssMb(pid);

    // The list route and the reference read International/en: English posts of that type fill many
    // pages (benchPost gives Iraq only Arabic posts, so Iraq/en would measure a near-empty page).
    const referenceList = await measureLoad('reference: 9 posts (1 prepared statement)', { pid: referencePid, url: `${reference.url}/reference/International/en` });
    // One client reading 50 posts in turn: its first read of each (a view counted, a write) falls in
    // the warm-up; the run measures reads, views looked up and not counted again, as the rules say.
    const readPosts = ids.slice(0, POSTS_READ);
    const referencePost = await measureLoad(`reference: one post by id (${POSTS_READ} ids rotating)`, {
      pid: referencePid, url: reference.url, next: (index) => ({ path: `/reference/post/${readPosts[index % POSTS_READ]}` }),
    });
    const lists: LoadFigures[] = [
      await measureLoad('GET /api/posts/International/en?pageNumber=3', { pid, url: `${server.url}/api/posts/International/en?pageNumber=3` }),
      await measureLoad('GET /api/posts/s?keyword=trafficking', { pid, url: `${server.url}/api/posts/s?keyword=trafficking` }),
      await measureLoad('GET /api/posts/s?keyword=الاتجار', { pid, url: `${server.url}/api/posts/s?keyword=${encodeURIComponent('الاتجار')}` }),
      await measureLoad('GET /api/maps', { pid, url: `${server.url}/api/maps` }),
    ];
    const post = await measureLoad(`GET /api/posts/{id} (${POSTS_READ} ids rotating, views counted once a day)`, {
      pid, url: server.url, next: (index) => ({ path: `/api/posts/${readPosts[index % POSTS_READ]}` }),
    });

    console.log(`\nnode ${process.version}, ${cpus().length} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}, ${ids.length} posts`);
    console.table([rowOf(referenceList), rowOf(referencePost), ...lists.map((run) => rowOf(run, referenceList)), rowOf(post, referencePost)]);
    console.log(`server RSS at rest before the load: ${idleRss.toFixed(0)} MB`);

    const failures: string[] = [];
    for (const run of lists.filter((figures) => figures.name.includes('/api/posts/'))) {
      if (run.requestsPerSecond < referenceList.requestsPerSecond * BUDGET.rateVsReference) failures.push(`${run.name}: req/s below ${BUDGET.rateVsReference}x the reference`);
      if (run.p99 > Math.max(referenceList.p99, 1) * BUDGET.p99VsReference) failures.push(`${run.name}: p99 above ${BUDGET.p99VsReference}x the reference`);
    }
    const postCpu = post.cpuMsPerRequest / referencePost.cpuMsPerRequest;
    if (postCpu > BUDGET.postCpuVsReference) failures.push(`GET /api/posts/{id} costs ${postCpu.toFixed(2)}x the reference's CPU (budget ${BUDGET.postCpuVsReference}x)`);
    const peak = Math.max(...[...lists, post].map((run) => run.peakRssMb));
    if (peak > BUDGET.peakRssMb) failures.push(`server RSS peaked at ${peak.toFixed(0)} MB (budget ${BUDGET.peakRssMb} MB)`);
    if ([...lists, post].some((run) => run.errors > 0)) failures.push('some requests failed');
    console.log(failures.length === 0 ? 'All budgets met.' : `Budgets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
