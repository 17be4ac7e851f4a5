// `npm run soak -- [--seconds 60]`: the bundled server under a minute of mixed reads and writes,
// on whatever Node runs this script. It exists because a native-module incompatibility (better-sqlite3
// before 13 on Node 24.19+) killed the server seconds after start, during an idle garbage
// collection, while every short test passed. CI runs it under Node 24 and Node 22.
//
// Builds the web client (with its server render) and starts dist/server.mjs on a fresh DATA_DIR with
// the demo content, then for the given time runs public pages rendered by the server, list,
// search, post-by-id, rating and upload requests in parallel, stays idle a few seconds (the
// crash came from an idle GC), sends SIGTERM and requires exit code 0. Any 5xx, a dropped
// connection or an early exit fails the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';
import { freePort, projectRoot, spawnServer, waitForHealth } from './lib/server-process';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 60;
const ADMIN = { email: 'soak@example.org', password: 'soak-password-1' };
const IDLE_MS = 5_000;

// A valid 1x1 PNG (a white pixel): enough for the upload route's content check.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

const scratch = mkdtempSync(path.join(tmpdir(), 'soak-'));
// Built under the project's dist/ so the bundle still finds node_modules (its native modules).
mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
const bundleDir = mkdtempSync(path.join(projectRoot, 'dist', 'soak-bundle-'));
const counts = new Map<string, number>();
const failures: string[] = [];

function tally(route: string, status: number): void {
  const key = `${route} ${status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (status >= 500 || status === 0) failures.push(key);
}

/** Sends one request, reads its whole body (so no socket stays busy) and counts its status. */
async function send(route: string, request: () => Promise<Response>): Promise<void> {
  try {
    const response = await request();
    await response.arrayBuffer();
    tally(route, response.status);
  } catch {
    tally(route, 0);
  }
}

async function main(): Promise<void> {
  console.log(`Soak on Node ${process.version}: ${seconds} s of mixed load, then ${IDLE_MS / 1000} s idle, then SIGTERM`);
  const bundle = await buildServer({ outfile: path.join(bundleDir, 'server.mjs'), quiet: true });
  // The pages are rendered by the built client's server entry: the soak covers them too.
  const clientDir = path.join(scratch, 'client');
  const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build-client.mjs'), '--outDir', clientDir], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the client build failed');
  const server = spawnServer(bundle, {
    DATA_DIR: path.join(scratch, 'data'), CLIENT_DIR: clientDir, SEED_DEMO: '1',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
  }, await freePort());
  let exitedEarly = false;
  void server.exited.then(() => { exitedEarly = true; });
  await waitForHealth(server);
  const base = server.url;

  const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = await login.json() as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const firstPage = await (await fetch(`${base}/api/posts/International/en`)).json() as { posts: Array<{ _id: string }> };
  const postIds = firstPage.posts.map((post) => post._id);

  const deadline = Date.now() + seconds * 1000;
  const lane = async (work: (n: number) => Promise<unknown>) => {
    for (let n = 0; Date.now() < deadline && !exitedEarly; n += 1) await work(n);
  };
  const pages = ['/', '/posts/International', '/servicemap', '/e/Emergency', '/contact', '/search?keyword=law'];
  await Promise.all([
    lane((n) => send('page', () => fetch(`${base}${n % 2 ? `/p/${postIds[n % postIds.length]}` : pages[n % pages.length]}`, {
      headers: { cookie: `i18next=${n % 3 ? 'en' : 'ar'}`, 'accept-encoding': n % 4 ? 'br' : 'gzip' },
    }))),
    lane((n) => send('list', () => fetch(`${base}/api/posts/Iraq/${n % 2 ? 'ar' : 'en'}?pageNumber=${(n % 3) + 1}`))),
    lane((n) => send('search', () => fetch(`${base}/api/posts/s?keyword=${encodeURIComponent(n % 2 ? 'الاتجار' : 'trafficking')}`))),
    lane((n) => send('post by id', () => fetch(`${base}/api/posts/${postIds[n % postIds.length]}`))),
    lane((n) => send('rating', () => fetch(`${base}/api/rating/${n % 2 ? 'website' : 'service'}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: (n % 5) + 1 }),
    }))),
    lane(() => {
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      return send('upload', () => fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form }));
    }),
  ]);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const aliveAfterIdle = !exitedEarly;
  server.child.kill('SIGTERM');
  const exitCode = await server.exited;

  for (const [key, count] of [...counts].sort()) console.log(`  ${key.padEnd(20)} ${count}`);
  const problems = [
    ...(aliveAfterIdle ? [] : ['the server exited during the run']),
    ...(exitCode === 0 ? [] : [`exit code on SIGTERM was ${exitCode}, not 0`]),
    ...(failures.length ? [`${failures.length} failed requests (5xx or dropped), first: ${failures[0]}`] : []),
  ];
  if (problems.length) {
    console.error(`Soak FAILED on Node ${process.version}:\n- ${problems.join('\n- ')}\n--- server output ---\n${server.output()}`);
    process.exitCode = 1;
  } else {
    console.log(`Soak passed on Node ${process.version}: no 5xx, no abort, exit 0 on SIGTERM.`);
  }
}

main()
  .catch((error: unknown) => { console.error(error); process.exitCode = 1; })
  .finally(() => {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });
