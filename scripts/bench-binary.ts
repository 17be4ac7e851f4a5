// npm run bench:binary [-- --runs 5] [--skip-build]
// The Linux x64 single executable beside `node dist/server.mjs`, in the same run: its size, and
// compressed as it would be downloaded; its first start on an empty folder (its files written);
// later starts from the same data, the two alternating; the idle memory of each, a second after the
// first answer. Budgets: at most 140 MB and 55 MB compressed; first start within 3 s; later starts
// within 1.2 times node's; idle RSS within 10% of node's. What runs is a copy of the built file,
// written in pieces as a download writes it (installedCopy).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { executableName, TARGETS } from './binary/targets';
import { buildBinaries, root, siteVersion } from './build-binary';
import { freePort, spawnServer, waitForHealth } from './lib/server-process';
import { isStale } from './start.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string' }, 'skip-build': { type: 'boolean' } } });
const RUNS = Number(values.runs ?? 5);
const BUDGET = { bytes: 140e6, compressedBytes: 55e6, firstStartMs: 3000, laterStartRatio: 1.2, rssRatio: 1.1 };
const built = path.join(root, 'release', executableName(siteVersion, TARGETS['linux-x64']));
const bundle = path.join(root, 'dist', 'server.mjs');
const ADMIN = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'bench-password-1' };

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Resident memory in MB: all of it, the process's own (anonymous), and clean pages of files it maps. */
function memoryMb(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}

async function gzipSize(file: string): Promise<number> {
  let bytes = 0;
  await pipeline(createReadStream(file), createGzip({ level: 9 }), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) bytes += chunk.length;
  });
  return bytes;
}

/** xz -6 (what .tar.xz downloads use), when xz is installed. */
function xzSize(file: string): Promise<number | null> {
  return new Promise((resolve) => {
    const xz = spawn('xz', ['-6', '-T1', '-c', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    xz.stdout.on('data', (chunk: Buffer) => { bytes += chunk.length; });
    xz.on('error', () => resolve(null));
    xz.on('close', (code) => resolve(code === 0 ? bytes : null));
  });
}

/**
 * The executable as an operator has it: copied in 64 kB pieces, as a download writes it. The file
 * the build just wrote is not what a box runs: postject writes it whole, so Linux keeps it in the
 * page cache in large blocks and maps a whole block at each first touch, some 16 MB of the file's
 * pages the process never reads (a trivial single executable: 49 MB of mapped file pages, 32 MB
 * once copied, plain node 34 MB). See docs/benchmarks.md, "The single executable".
 */
async function installedCopy(folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const copy = path.join(folder, path.basename(built));
  await pipeline(createReadStream(built, { highWaterMark: 64 * 1024 }), createWriteStream(copy));
  chmodSync(copy, 0o755);
  return copy;
}

type Kind = 'executable' | 'node';
interface Memory { rss: number; anon: number; file: number }
interface Sample extends Memory { ms: number }

/** One start: spawn, time to the first 200 from /api/health, RSS a second later, SIGTERM. */
async function measure(kind: Kind, executable: string, dataDir: string, env: Record<string, string> = {}): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const server = kind === 'executable'
    ? spawnServer([], { ...ADMIN, DATA_DIR: dataDir, ...env }, port, { executable, cwd: dataDir })
    : spawnServer(bundle, { ...ADMIN, DATA_DIR: dataDir, CLIENT_DIR: path.join(root, 'client', 'dist'), ...env }, port);
  const ms = await waitForHealth(server, started, 60_000, 2);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const memory = memoryMb(server.child.pid as number);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`${kind} exited with ${code}:\n${server.output()}`);
  return { ms, ...memory };
}

function row(name: string, samples: Sample[]): string {
  const ms = samples.map((sample) => sample.ms);
  const memory = (key: keyof Memory) => median(samples.map((sample) => sample[key])).toFixed(0);
  return `| ${name} | ${median(ms).toFixed(0)} ms | ${Math.min(...ms).toFixed(0)} – ${Math.max(...ms).toFixed(0)} ms | ${memory('rss')} MB | ${memory('anon')} MB | ${memory('file')} MB |`;
}

async function main(): Promise<void> {
  if (!values['skip-build']) await buildBinaries({ targets: ['linux-x64'] });
  if (isStale(bundle, [path.join(root, 'src'), path.join(root, 'scripts', 'build-server.mjs')])) {
    if (spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build:server failed');
  }

  const bytes = statSync(built).size;
  const [gzip, xz] = await Promise.all([gzipSize(built), xzSize(built)]);

  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-binary-'));
  const installed = await installedCopy(path.join(scratch, 'installed'));
  const start = (kind: Kind, dataDir: string, env: Record<string, string> = {}) => measure(kind, installed, dataDir, env);
  const first: Record<string, Sample[]> = { 'executable, SEED_DEMO=0': [], 'node, SEED_DEMO=0': [], 'executable, demo content': [], 'node, demo content': [] };
  const later: Record<Kind, Sample[]> = { executable: [], node: [] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      first['executable, SEED_DEMO=0'].push(await start('executable', mkdtempSync(path.join(scratch, 'fresh-')), { SEED_DEMO: '0' }));
      first['node, SEED_DEMO=0'].push(await start('node', mkdtempSync(path.join(scratch, 'fresh-')), { SEED_DEMO: '0' }));
      first['executable, demo content'].push(await start('executable', mkdtempSync(path.join(scratch, 'fresh-')), { SEED_DEMO: '1' }));
      first['node, demo content'].push(await start('node', mkdtempSync(path.join(scratch, 'fresh-')), { SEED_DEMO: '1' }));
    }
    // Later starts: the same data (demo content, the executable's files already written), alternating.
    const shared = mkdtempSync(path.join(scratch, 'shared-'));
    await start('executable', shared, { SEED_DEMO: '1' });
    for (let run = 0; run < RUNS; run += 1) {
      later.executable.push(await start('executable', shared, { SEED_DEMO: '1' }));
      later.node.push(await start('node', shared, { SEED_DEMO: '1' }));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const firstStart = median(first['executable, demo content'].map((sample) => sample.ms));
  const laterRatio = median(later.executable.map((sample) => sample.ms)) / median(later.node.map((sample) => sample.ms));
  const ratio = (key: keyof Memory) => median(later.executable.map((sample) => sample[key])) / median(later.node.map((sample) => sample[key]));
  const rssRatio = ratio('rss');
  const compressed = Math.min(gzip, xz ?? Infinity);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

  console.log(`\n${path.basename(built)}; node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}; ${RUNS} runs per case\n`);
  console.log('| size | bytes |');
  console.log('|---|---|');
  console.log(`| executable | ${mb(bytes)} |`);
  console.log(`| gzip -9 | ${mb(gzip)} |`);
  console.log(`| xz -6 | ${xz === null ? 'xz not installed' : mb(xz)} |`);
  console.log('\n| start | median to first /api/health 200 | range | idle RSS | of which private (anonymous) | of which mapped files |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, samples] of Object.entries(first)) console.log(row(`first start, empty folder: ${name}`, samples));
  console.log(row('later start, same data: executable', later.executable));
  console.log(row('later start, same data: node dist/server.mjs', later.node));
  console.log(`\nbudgets: size ${mb(bytes)} ≤ 140 MB: ${verdict(bytes <= BUDGET.bytes)}; compressed ${mb(compressed)} ≤ 55 MB: ${verdict(compressed <= BUDGET.compressedBytes)}`);
  console.log(`first start (demo content, files written) ${firstStart.toFixed(0)} ms ≤ 3000 ms: ${verdict(firstStart <= BUDGET.firstStartMs)}`);
  console.log(`later starts ${laterRatio.toFixed(2)}× node ≤ 1.2×: ${verdict(laterRatio <= BUDGET.laterStartRatio)}; idle RSS ${rssRatio.toFixed(2)}× node (within 10%): ${verdict(Math.abs(rssRatio - 1) <= BUDGET.rssRatio - 1)} (private memory ${ratio('anon').toFixed(2)}×, mapped files ${ratio('file').toFixed(2)}×)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
