// Front-end budget check: builds the client and its server render, starts the real server with
// the demo content, sums what crosses the wire (by kind: HTML, CSS, fonts, JavaScript, other) on the
// first load of the home page and a post at their English and Arabic addresses (/en/, /ar/), and of
// /en/posts/International, in Debian's chromium, then runs Lighthouse (mobile) on the same pages. Budgets: JS ≤ 100 KB compressed
// on the English home; the Arabic home's first load (HTML + CSS + fonts + JS) ≤ 150 KB compressed;
// performance ≥ 98, accessibility 100, SEO 100, Cumulative Layout Shift ≤ 0.05, First Contentful
// Paint ≤ 1.2 s and Largest Contentful Paint ≤ 1.5 s on every page. Run: npm run bench:web
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
const SEO_BUDGET = 100;
const CLS_BUDGET = 0.05;
const ARABIC_FIRST_LOAD_BUDGET = 150 * 1024;

type Language = 'en' | 'ar';
/** A page at its language's address (/ar/...), as a visitor or a search engine first loads it. */
interface BenchPage { label: string; path: string; language: Language }

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

const KINDS = ['html', 'css', 'font', 'js', 'other'] as const;
type Kind = (typeof KINDS)[number];
interface Transfer { url: string; kind: Kind; encoding: string; bytes: number }

function kindOf(contentType: string): Kind {
  if (contentType.includes('text/html')) return 'html';
  if (contentType.includes('text/css')) return 'css';
  if (contentType.includes('font/') || contentType.includes('woff')) return 'font';
  if (contentType.includes('javascript')) return 'js';
  return 'other';
}

/** Encoded (on-the-wire) bytes of everything one cold page load fetched, until the network is idle. */
async function measure(page: BenchPage): Promise<Transfer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    // Chrome offers brotli only over HTTPS; ask for it, as a visitor's browser on the real site does.
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip' }, viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    const transfers: Promise<Transfer | null>[] = [];
    tab.on('requestfinished', (request) => {
      transfers.push((async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        return { url: new URL(request.url()).pathname, kind: kindOf(response.headers()['content-type'] ?? ''), encoding: response.headers()['content-encoding'] ?? 'none', bytes: sizes.responseBodySize };
      })());
    });
    await tab.goto(BASE + page.path, { waitUntil: 'networkidle' });
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    return (await Promise.all(transfers)).filter((item): item is Transfer => item !== null);
  } finally {
    await browser.close();
  }
}

const sumOf = (transfers: Transfer[], kinds: readonly Kind[]) => transfers.filter((item) => kinds.includes(item.kind)).reduce((sum, item) => sum + item.bytes, 0);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function runLighthouse(page: BenchPage) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(BASE + page.path, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'], formFactor: 'mobile',
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not measure (no paint seen in its trace, a crash) says why, instead of scores of 0.
    if (runtimeError) console.log(`  Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
    const fcpError = audits['first-contentful-paint'].errorMessage;
    if (fcpError) console.log(`  First Contentful Paint not measured: ${fcpError}`);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      seo: Math.round((categories.seo.score ?? 0) * 100),
      cls: audits['cumulative-layout-shift'].numericValue ?? Infinity,
      fcpMs: audits['first-contentful-paint'].numericValue ?? Infinity,
      lcpMs: audits['largest-contentful-paint'].numericValue ?? Infinity,
      failedSeo: Object.values(audits).filter((audit) => audit.score === 0 && categories.seo.auditRefs.some((ref) => ref.id === audit.id)).map((audit) => audit.id),
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
    const postOf = async (language: Language) => {
      const list = await (await fetch(`${BASE}/api/posts/Iraq/${language}?pageNumber=1`)).json() as { posts: Array<{ _id: string }> };
      return `/${language}/p/${list.posts[0]._id}`;
    };
    const englishHome: BenchPage = { label: 'English home', path: '/en/', language: 'en' };
    const arabicHome: BenchPage = { label: 'Arabic home', path: '/ar/', language: 'ar' };
    const pages: BenchPage[] = [
      englishHome, arabicHome,
      { label: 'English post', path: await postOf('en'), language: 'en' },
      { label: 'Arabic post', path: await postOf('ar'), language: 'ar' },
    ];

    for (const page of [...pages, { label: 'English list', path: '/en/posts/International', language: 'en' as const }]) {
      const transfers = await measure(page);
      console.log(`\nFirst load of ${page.label} (${page.path}, ${page.language})`);
      console.table(transfers.map((item) => ({ file: item.url, kind: item.kind, encoding: item.encoding, size: kb(item.bytes) })));
      const byKind = Object.fromEntries(KINDS.map((kind) => [kind, kb(sumOf(transfers, [kind]))]));
      const firstLoad = sumOf(transfers, ['html', 'css', 'font', 'js']);
      console.table([{ ...byKind, 'HTML + CSS + fonts + JS': kb(firstLoad) }]);
      if (page === englishHome) {
        const js = sumOf(transfers, ['js']);
        console.log(`  Budget: JavaScript ≤ ${kb(JS_BUDGET)}: ${js > JS_BUDGET ? 'OVER' : 'ok'}`);
        if (js > JS_BUDGET) failed = true;
      }
      if (page === arabicHome) {
        console.log(`  Budget: Arabic first load ≤ ${kb(ARABIC_FIRST_LOAD_BUDGET)}: ${firstLoad > ARABIC_FIRST_LOAD_BUDGET ? 'OVER' : 'ok'}`);
        if (firstLoad > ARABIC_FIRST_LOAD_BUDGET) failed = true;
      }
      if (page.language === 'en' && transfers.some((item) => item.kind === 'font' && /arabic/i.test(item.url))) {
        console.log('  An Arabic font was downloaded on an English page!');
        failed = true;
      }
      if (transfers.some((item) => item.url.includes('Dashboard') || item.url.includes('LoginPage'))) {
        console.log('  A dashboard or login chunk was downloaded on a public page!');
        failed = true;
      }
    }

    for (const page of pages) {
      console.log(`\nLighthouse (mobile) on ${page.label} (${page.path}, ${page.language})`);
      const report = await runLighthouse(page);
      console.table([{ performance: report.performance, accessibility: report.accessibility, SEO: report.seo, CLS: Number(report.cls.toFixed(3)) }]);
      for (const [title, value] of report.metrics) console.log(`  ${title}: ${value}`);
      // The rounded display (1.2 s) hides which side of a budget the value is on.
      console.log(`  FCP ${Math.round(report.fcpMs)} ms, LCP ${Math.round(report.lcpMs)} ms`);
      if (report.failedAccessibility.length > 0) console.log(`  accessibility audits failed: ${report.failedAccessibility.join(', ')}`);
      if (report.failedSeo.length > 0) console.log(`  SEO audits failed: ${report.failedSeo.join(', ')}`);
      const met = report.performance >= PERFORMANCE_BUDGET && report.accessibility >= ACCESSIBILITY_BUDGET && report.seo >= SEO_BUDGET
        && report.cls <= CLS_BUDGET && report.fcpMs <= FCP_BUDGET_MS && report.lcpMs <= LCP_BUDGET_MS;
      console.log(`  Budget: performance ≥ ${PERFORMANCE_BUDGET}, accessibility ${ACCESSIBILITY_BUDGET}, SEO ${SEO_BUDGET}, CLS ≤ ${CLS_BUDGET}, FCP ≤ ${FCP_BUDGET_MS} ms, LCP ≤ ${LCP_BUDGET_MS} ms: ${met ? 'met' : 'NOT MET'}`);
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
