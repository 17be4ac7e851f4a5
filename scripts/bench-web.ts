// Front-end budget check: builds the client and its server render, starts the real server with
// the demo content, sums the compressed JavaScript and CSS of the first load of /,
// /posts/International and a post in Debian's chromium, then runs Lighthouse (mobile) on / and
// on the post. Budgets: JS ≤ 100 KB compressed on /; performance ≥ 98, accessibility 100, First
// Contentful Paint ≤ 1.2 s and Largest Contentful Paint ≤ 1.5 s on both. Run: npm run bench:web
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The same flags as playwright.config.ts.
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-sync', '--disable-quic'];
const PORT = Number(process.env.BENCH_WEB_PORT || 4480);
const BASE = `http://127.0.0.1:${PORT}`;
const JS_BUDGET = 100 * 1024;
const PERFORMANCE_BUDGET = 98;
const ACCESSIBILITY_BUDGET = 100;
const FCP_BUDGET_MS = 1200;
const LCP_BUDGET_MS = 1500;

function buildClient(outDir: string): void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-client.mjs'), '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('client build failed');
}

async function startServer(clientDir: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: '1', CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', DAILY_BACKUPS_KEPT: '0' },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

interface Transfer { url: string; kind: 'js' | 'css'; encoding: string; bytes: number }

/** Encoded (on-the-wire) bytes of every script and stylesheet of one cold page load. */
async function measure(pagePath: string): Promise<Transfer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    // Chrome offers brotli only over HTTPS; ask for it, as a visitor's browser on the real site does.
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip' } });
    const page = await context.newPage();
    const transfers: Promise<Transfer | null>[] = [];
    page.on('requestfinished', (request) => {
      transfers.push((async () => {
        const response = await request.response();
        const type = response?.headers()['content-type'] ?? '';
        const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : null;
        if (!response || !kind) return null;
        const sizes = await request.sizes();
        return { url: new URL(request.url()).pathname, kind, encoding: response.headers()['content-encoding'] ?? 'none', bytes: sizes.responseBodySize };
      })());
    });
    await page.goto(BASE + pagePath, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return (await Promise.all(transfers)).filter((item): item is Transfer => item !== null);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function runLighthouse(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile' });
    if (!result) throw new Error('lighthouse gave no result');
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      fcpMs: audits['first-contentful-paint'].numericValue ?? Infinity,
      lcpMs: audits['largest-contentful-paint'].numericValue ?? Infinity,
      metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map((id) => [audits[id].title, audits[id].displayValue ?? ''] as const),
      failedAccessibility: Object.values(audits).filter((audit) => audit.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === audit.id)).map((audit) => audit.id),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'bench-web-dist-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-data-'));
  let server: ChildProcess | null = null;
  let failed = false;
  try {
    console.log('Building the client...');
    buildClient(clientDir);
    server = await startServer(clientDir, dataDir);
    const list = await (await fetch(`${BASE}/api/posts/Iraq/en?pageNumber=1`)).json() as { posts: Array<{ _id: string }> };
    const postPath = `/p/${list.posts[0]._id}`;

    for (const pagePath of ['/', '/posts/International', postPath]) {
      const transfers = await measure(pagePath);
      console.log(`\nFirst load of ${pagePath}`);
      console.table(transfers.map((item) => ({ file: item.url, kind: item.kind, encoding: item.encoding, size: kb(item.bytes) })));
      const js = transfers.filter((item) => item.kind === 'js').reduce((sum, item) => sum + item.bytes, 0);
      const css = transfers.filter((item) => item.kind === 'css').reduce((sum, item) => sum + item.bytes, 0);
      const overBudget = js > JS_BUDGET;
      console.log(`  JavaScript ${kb(js)}, CSS ${kb(css)}${pagePath === '/' ? ` (budget ${kb(JS_BUDGET)} of JavaScript: ${overBudget ? 'OVER' : 'ok'})` : ''}`);
      if (pagePath === '/' && overBudget) failed = true;
      if (transfers.some((item) => item.url.includes('Dashboard') || item.url.includes('LoginPage'))) {
        console.log('  A dashboard or login chunk was downloaded on a public page!');
        failed = true;
      }
    }

    for (const pagePath of ['/', postPath]) {
      console.log(`\nLighthouse (mobile) on ${pagePath}`);
      const report = await runLighthouse(`${BASE}${pagePath}`);
      console.table([{ performance: report.performance, accessibility: report.accessibility }]);
      for (const [title, value] of report.metrics) console.log(`  ${title}: ${value}`);
      // The rounded display (1.2 s) hides which side of a budget the value is on.
      console.log(`  FCP ${Math.round(report.fcpMs)} ms, LCP ${Math.round(report.lcpMs)} ms`);
      if (report.failedAccessibility.length > 0) console.log(`  accessibility audits failed: ${report.failedAccessibility.join(', ')}`);
      const met = report.performance >= PERFORMANCE_BUDGET && report.accessibility >= ACCESSIBILITY_BUDGET
        && report.fcpMs <= FCP_BUDGET_MS && report.lcpMs <= LCP_BUDGET_MS;
      console.log(`  Budget: performance ≥ ${PERFORMANCE_BUDGET}, accessibility ${ACCESSIBILITY_BUDGET}, FCP ≤ ${FCP_BUDGET_MS} ms, LCP ≤ ${LCP_BUDGET_MS} ms: ${met ? 'met' : 'NOT MET'}`);
      if (!met) failed = true;
    }
  } finally {
    if (server?.pid) {
      try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
