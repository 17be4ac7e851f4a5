// `npm start`: builds whatever is missing or out of date, then runs the bundled server in this
// same process (one Node process instead of two on a low-spec office machine).
// `npm run users|backup|restore|content -- ...` come here too, with their command: only the server
// bundle is brought up to date for them, and on a production install (`npm ci --omit=dev`, no
// build tools) the bundle already built is used as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitUnlessSupportedNode } from '../src/node-support.mjs';
import { SERVER_ENVIRONMENT } from '../src/runtime-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Newest modification time of any file under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    let stats;
    try { stats = statSync(entry); } catch { return; }
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) if (!SKIPPED_DIRS.has(name)) visit(path.join(entry, name));
    } else if (stats.mtimeMs > newest) {
      newest = stats.mtimeMs;
    }
  };
  for (const entry of paths) visit(entry);
  return newest;
}

/** True when the output is missing or any source is newer than it. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return newestMtime(sources) > statSync(output).mtimeMs;
}

const clientSources = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((p) => path.join(root, 'client', p));
const serverSources = [path.join(root, 'src'), path.join(root, 'scripts', 'build-server.mjs'), path.join(root, 'package-lock.json')];

/**
 * Runs an npm script; a failure stops the start unless an earlier build can still be served. For
 * a tool (quiet) the build's lines go to stderr: its stdout stays the tool's own.
 */
function run(script, previousOutput, quiet = false) {
  (quiet ? console.error : console.log)(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script, '--silent'], { cwd: root, stdio: quiet ? ['inherit', 2, 2] : 'inherit' });
  if (result.status === 0) return;
  if (previousOutput && existsSync(previousOutput)) {
    console.error(`npm run ${script} failed: starting with the previous build (${path.relative(root, previousOutput)})`);
    return;
  }
  console.error(`npm run ${script} failed`);
  process.exit(result.status ?? 1);
}

/**
 * The environment to start this process again with, or null: glibc reads SERVER_ENVIRONMENT's
 * MALLOC_ARENA_MAX only when a process starts, so the server replaces itself (same process id,
 * same arguments) once, on Linux, when a variable is not set. Node before 22.15 cannot
 * (no process.execve): it runs without.
 */
export function environmentToRestartWith(env = process.env, platform = process.platform, canReplace = typeof process.execve === 'function') {
  if (platform !== 'linux' || !canReplace) return null;
  const missing = Object.entries(SERVER_ENVIRONMENT).filter(([name]) => env[name] === undefined);
  return missing.length === 0 ? null : { ...env, ...Object.fromEntries(missing) };
}

async function main(args) {
  exitUnlessSupportedNode();
  const restartWith = args.length === 0 ? environmentToRestartWith() : null;
  if (restartWith) process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restartWith);
  // The tools and --help/--version need no web client.
  if (args.length === 0) buildClientIfStale();
  const serverBundle = path.join(root, 'dist', 'server.mjs');
  // The content bundles' worker is built with it (a bundle from before it existed is stale).
  const bundleWorker = path.join(root, 'dist', 'bundle-worker.cjs');
  if (isStale(serverBundle, serverSources) || isStale(bundleWorker, serverSources)) buildServerIfPossible(serverBundle, args.length > 0);

  // The bundle runs the command line it is given, as `node dist/server.mjs <command>` would.
  process.argv = [process.argv[0], serverBundle, ...args];
  await import(pathToFileURL(serverBundle).href);
}

/** A production install (`npm ci --omit=dev`) has no esbuild: it runs the bundle it was given. */
function buildServerIfPossible(serverBundle, quiet) {
  if (existsSync(path.join(root, 'node_modules', 'esbuild'))) return run('build:server', serverBundle, quiet);
  if (existsSync(serverBundle)) return;
  console.error('dist/server.mjs is not built, and this install has no build tools: run `npm ci && npm run build` first.');
  process.exit(1);
}

function buildClientIfStale() {
  const clientIndex = path.join(root, 'client', 'dist', 'index.html');
  // The public pages are rendered on the server from client/dist/ssr: a build without it, or
  // without the page addresses written beside it, is stale too.
  const serverRender = path.join(root, 'client', 'dist', 'ssr', 'entry-server.js');
  const routePatterns = path.join(root, 'client', 'dist', 'ssr', 'route-patterns.json');
  const clientStale = [clientIndex, serverRender, routePatterns].some((output) => isStale(output, clientSources));
  if (existsSync(path.join(root, 'client')) && clientStale) run('build:client', clientIndex);
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
