// What the load benchmarks share: the bare reference server (scripts/bench-reference.ts) in a process
// of its own, and one autocannon run measured as the figures the budgets are written in: requests
// per second, p99, the CPU milliseconds the server process spent per request (user + system time
// from /proc: what a busy shared machine disturbs least) and its peak resident memory.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from './server-process';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds; its threads included. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 0, utime 11 and stime 12 (proc(5) numbers them 14 and 15).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The reference, run by plain node (Node 22.18 and later strip its types): no loader between it
 * and V8, as `node dist/server.mjs` has none.
 */
export function startReference(databaseFile: string): Promise<{ child: ChildProcess; port: number; url: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(projectRoot, 'scripts', 'bench-reference.ts'), [], {
      cwd: projectRoot, env: { ...process.env, BENCH_DB: databaseFile, PORT: '0' }, execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({ child, port, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`the reference exited with ${code}`)));
  });
}

export interface LoadFigures {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p99: number;
  /** CPU milliseconds the measured process spent per answered request. */
  cpuMsPerRequest: number;
  peakRssMb: number;
  errors: number;
  bytesPerAnswer: number;
}

export interface LoadOptions {
  /** The process serving the load (its CPU and memory are read). */
  pid: number;
  url: string;
  connections?: number;
  seconds?: number;
  warmUpSeconds?: number;
  headers?: Record<string, string>;
  /** Each request's path and headers (ids rotating over many posts, a language each): called in order. */
  next?: (index: number) => { path: string; headers?: Record<string, string> };
}

function rotating(next: NonNullable<LoadOptions['next']>, counter: { index: number }) {
  return [{
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request) => {
      const chosen = next(counter.index++);
      return { ...request, path: chosen.path, headers: { ...request.headers, ...chosen.headers } };
    },
  }];
}

/** Sends `count` requests in order (a warm pass over every page), unmeasured. */
export async function sendEach(options: { url: string; count: number; next: NonNullable<LoadOptions['next']>; connections?: number }): Promise<void> {
  await autocannon({ url: options.url, connections: options.connections ?? 10, amount: options.count, requests: rotating(options.next, { index: 0 }) });
}

/** One measured run after a short warm-up. */
export async function measureLoad(name: string, options: LoadOptions): Promise<LoadFigures> {
  const { pid, next } = options;
  const counter = { index: 0 };
  const requests = next ? rotating(next, counter) : undefined;
  const settings = { url: options.url, connections: options.connections ?? 10, headers: options.headers, requests };
  if ((options.warmUpSeconds ?? 2) > 0) await autocannon({ ...settings, duration: options.warmUpSeconds ?? 2 });
  counter.index = 0;
  let peakRssMb = rssMb(pid);
  const sampler = setInterval(() => { peakRssMb = Math.max(peakRssMb, rssMb(pid)); }, 200);
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ ...settings, duration: options.seconds ?? Number(process.env.BENCH_SECONDS || 10) });
  const cpuSpent = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  peakRssMb = Math.max(peakRssMb, rssMb(pid));
  const answered = Math.max(result.requests.total, 1);
  return {
    name,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuSpent / answered,
    peakRssMb,
    errors: result.errors + result.non2xx + result.timeouts,
    bytesPerAnswer: result.throughput.average / Math.max(result.requests.average, 1),
  };
}

/**
 * Crawls: `passes` times, `before(pass)` (emptying the server's page cache), then `count` requests
 * in order, each page asked for once in the pass. Every page is rendered, and kept only once: no
 * page pushes another out of the cache, as a real crawl of the site goes.
 */
export async function measureCrawl(name: string, options: {
  pid: number; url: string; count: number; passes: number; connections?: number;
  next: NonNullable<LoadOptions['next']>; before: (pass: number) => Promise<void>;
}): Promise<LoadFigures> {
  const { pid } = options;
  let requests = 0;
  let errors = 0;
  let bytes = 0;
  let p99 = 0;
  let elapsedMs = 0;
  let cpuSpent = 0;
  let peakRssMb = rssMb(pid);
  const sampler = setInterval(() => { peakRssMb = Math.max(peakRssMb, rssMb(pid)); }, 200);
  for (let pass = 0; pass < options.passes; pass += 1) {
    await options.before(pass);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const result = await autocannon({
      url: options.url, connections: options.connections ?? 10, amount: options.count,
      requests: rotating((index) => options.next(pass * options.count + index), { index: 0 }),
    });
    elapsedMs += performance.now() - started;
    cpuSpent += cpuMs(pid) - cpuBefore;
    requests += result.requests.total;
    errors += result.errors + result.non2xx + result.timeouts;
    bytes += result.throughput.total;
    p99 = Math.max(p99, result.latency.p99);
  }
  clearInterval(sampler);
  return {
    name, requests, requestsPerSecond: (requests * 1000) / elapsedMs, p99, cpuMsPerRequest: cpuSpent / Math.max(requests, 1),
    peakRssMb, errors, bytesPerAnswer: bytes / Math.max(requests, 1),
  };
}

/** The figures as a table row, beside a reference run of the same session. */
export function rowOf(run: LoadFigures, reference?: LoadFigures): Record<string, string | number> {
  return {
    route: run.name,
    'req/s': Math.round(run.requestsPerSecond),
    'p99 ms': run.p99,
    'CPU-ms/req': Number.isFinite(run.cpuMsPerRequest) ? run.cpuMsPerRequest.toFixed(3) : '',
    'CPU vs ref': reference && Number.isFinite(run.cpuMsPerRequest) ? (run.cpuMsPerRequest / reference.cpuMsPerRequest).toFixed(2) : '',
    'req/s vs ref': reference && reference !== run ? (run.requestsPerSecond / reference.requestsPerSecond).toFixed(2) : '',
    'peak RSS MB': run.peakRssMb.toFixed(0),
    'bytes/answer': Math.round(run.bytesPerAnswer),
    errors: run.errors,
  };
}
