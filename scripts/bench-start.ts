// npm run bench:start: cold start of the bundled server (spawn -> first 200 from /api/health)
// and its idle memory, median of 5 runs per case, beside the bare reference (scripts/bench-reference.ts:
// Fastify + better-sqlite3, plain node) started on the same data by the same Node, alternating.
// Budgets: under 1 s to the first answer; from existing data at most 1.3x the reference's start.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMs } from './lib/process-figures';
import { freePort, projectRoot, spawnServer, waitForHealth } from './lib/server-process';
import { isStale } from './start.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const BUDGET_MS = 1000;
const BUDGET_VS_REFERENCE = 1.3;
const reference = path.join(projectRoot, 'scripts', 'bench-reference.ts');
const bundle = path.join(projectRoot, 'dist', 'server.mjs');
const env = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'bench-password-1', CLIENT_DIR: path.join(projectRoot, 'client', 'dist') };

if (isStale(bundle, [path.join(projectRoot, 'src'), path.join(projectRoot, 'scripts', 'build-server.mjs')])) {
  console.log('building dist/server.mjs ...');
  if (spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build-server.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    return Number(ps.stdout.trim()) / 1024;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Wall time and the process's CPU time (user + system, from /proc) to the first answer; RSS a second later. */
interface Sample { ms: number; cpu: number; rss: number }

/** One start: spawn, time to the first healthy answer, idle RSS a second later, graceful stop. */
async function measure(dataDir: string, extraEnv: Record<string, string> = {}, entry = bundle): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnServer(entry, { ...env, DATA_DIR: dataDir, BENCH_DB: path.join(dataDir, 'site.db'), ...extraEnv }, port);
  const ms = await waitForHealth(server, started, 30_000, 2);
  const cpu = cpuMs(server.child.pid as number);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rss = rssMb(server.child.pid as number);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  return { ms, cpu, rss };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
const cases: Array<{ name: string; samples: Sample[] }> = [];
try {
  const fresh: Sample[] = [];
  for (let i = 0; i < RUNS; i += 1) fresh.push(await measure(mkdtempSync(path.join(scratch, 'fresh-')), { SEED_DEMO: '0' }));
  cases.push({ name: 'fresh DATA_DIR, SEED_DEMO=0 (migrate + first admin)', samples: fresh });

  const existingDir = mkdtempSync(path.join(scratch, 'existing-'));
  await measure(existingDir, { SEED_DEMO: '1' }); // creates and seeds the database once
  const existing: Sample[] = [];
  const referenceStarts: Sample[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    existing.push(await measure(existingDir));
    referenceStarts.push(await measure(existingDir, {}, reference));
  }
  cases.push({ name: 'existing DATA_DIR (demo content)', samples: existing });
  cases.push({ name: 'reference on the same data (bare Fastify + better-sqlite3)', samples: referenceStarts });

  const seeded: Sample[] = [];
  for (let i = 0; i < Math.min(RUNS, 3); i += 1) seeded.push(await measure(mkdtempSync(path.join(scratch, 'seed-')), { SEED_DEMO: '1' }));
  cases.push({ name: 'fresh DATA_DIR, SEED_DEMO=1 (first start with demo)', samples: seeded });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\nnode ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${RUNS} runs per case\n`);
console.log('| case | median to first /api/health 200 | min | max | CPU to it (median) | idle RSS (median) |');
console.log('|---|---|---|---|---|---|');
for (const { name, samples } of cases) {
  const ms = samples.map((s) => s.ms);
  console.log(`| ${name} | ${median(ms).toFixed(0)} ms | ${Math.min(...ms).toFixed(0)} ms | ${Math.max(...ms).toFixed(0)} ms | ${median(samples.map((s) => s.cpu)).toFixed(0)} ms | ${median(samples.map((s) => s.rss)).toFixed(0)} MB |`);
}
const medianMs = (name: string) => median(cases.find((entry) => entry.name.startsWith(name))!.samples.map((s) => s.ms));
const worst = Math.max(medianMs('fresh DATA_DIR, SEED_DEMO=0'), medianMs('existing'));
console.log(`\nbudget ${BUDGET_MS} ms to the first answer (SEED_DEMO=0 and existing data): ${worst < BUDGET_MS ? 'met' : 'NOT met'} (${worst.toFixed(0)} ms)`);
const ratio = medianMs('existing') / medianMs('reference');
const medianCpu = (name: string) => median(cases.find((entry) => entry.name.startsWith(name))!.samples.map((s) => s.cpu));
console.log(`CPU of a start from existing data: ${medianCpu('existing').toFixed(0)} ms against the reference's ${medianCpu('reference').toFixed(0)} ms (${(medianCpu('existing') / medianCpu('reference')).toFixed(2)}x; steadier than wall time on a shared machine)`);
console.log(`budget ${BUDGET_VS_REFERENCE}x the reference's start from existing data: ${ratio <= BUDGET_VS_REFERENCE ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x)`);
process.exitCode = worst < BUDGET_MS && ratio <= BUDGET_VS_REFERENCE ? 0 : 1;
