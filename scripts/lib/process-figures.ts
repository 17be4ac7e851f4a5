// What a benchmark reads of a process from /proc (Linux): the CPU time it has used and its
// memory, current and peak; and how long work held this process's event loop. CPU time is what
// the budgets of bench:scale are written in: on a shared two-core machine it varies far less with
// the other work than requests a second do.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds the process has used so far. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function statusKb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export const rssMb = (pid: number | 'self') => statusKb(pid, 'VmRSS') / 1024;
/** The highest RSS since the process started or since resetPeakRss(). */
export const peakRssMb = (pid: number | 'self') => statusKb(pid, 'VmHWM') / 1024;

/** Starts a new peak (writing 5 to clear_refs resets VmHWM to the current RSS). */
export function resetPeakRss(pid: number | 'self'): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not our process or an old kernel: the peak then counts from the start.
  }
}

export interface Answer {
  status: number;
  body: Buffer;
  ms: number;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

type RequestOptions = { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number };

/**
 * One request over a kept-alive connection (so the figures are the server's work, not TCP set-up).
 * A connection the server closed as idle just as it was reused is tried again once.
 */
export async function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  try {
    return await requestOnce(url, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
    return requestOnce(url, options);
  }
}

function requestOnce(url: string, options: RequestOptions): Promise<Answer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = http.request(url, {
      method: options.method ?? 'GET',
      agent: keepAlive,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...options.headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }));
      response.on('error', reject);
    });
    sent.setTimeout(options.timeoutMs ?? 120_000, () => sent.destroy(new Error(`${url}: no answer in time`)));
    sent.on('error', reject);
    sent.end(payload);
  });
}

export interface CpuFigure {
  /** Server CPU milliseconds per request (user + system). */
  cpuMs: number;
  /** Wall milliseconds per request, median. */
  wallMs: number;
  requests: number;
}

/**
 * Sends the requests `urlOf(i)` one after another (i = 0, 1, ...) until at least `minMs` of wall
 * time and `minRequests` requests have passed (at most `maxRequests`), and divides the server's
 * CPU time by their number. Every answer must be 2xx.
 */
export async function cpuPerRequest(pid: number, urlOf: (i: number) => string, options: { minMs?: number; minRequests?: number; maxRequests?: number; headers?: Record<string, string> } = {}): Promise<CpuFigure> {
  const { minMs = 2000, minRequests = 10, maxRequests = 2000 } = options;
  await request(urlOf(-1), { headers: options.headers }); // warm the route (not counted)
  const walls: number[] = [];
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  let i = 0;
  while (i < maxRequests && (i < minRequests || performance.now() - started < minMs)) {
    const url = urlOf(i);
    const answer = await request(url, { headers: options.headers });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${url}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
    walls.push(answer.ms);
    i += 1;
  }
  const cpu = cpuMs(pid) - cpuBefore;
  walls.sort((a, b) => a - b);
  return { cpuMs: cpu / i, wallMs: walls[Math.floor(walls.length / 2)], requests: i };
}

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
export async function withPauseProbe<T>(work: () => Promise<T>): Promise<{ value: T; longestPauseMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    return { value, longestPauseMs: Math.round(Math.max(longest, performance.now() - last)) };
  } finally {
    clearInterval(timer);
  }
}
