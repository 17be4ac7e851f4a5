// `npm start`: builds whatever is missing or out of date, then runs the bundled server in this
// same process (one Node process instead of two on a low-spec office machine).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitUnlessSupportedNode } from '../src/node-support.mjs';

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

/** Runs an npm script; a failure stops the start unless an earlier build can still be served. */
function run(script, previousOutput) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script, '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status === 0) return;
  if (previousOutput && existsSync(previousOutput)) {
    console.error(`npm run ${script} failed: starting with the previous build (${path.relative(root, previousOutput)})`);
    return;
  }
  console.error(`npm run ${script} failed`);
  process.exit(result.status ?? 1);
}

async function main() {
  exitUnlessSupportedNode();
  const clientIndex = path.join(root, 'client', 'dist', 'index.html');
  // The public pages are rendered on the server from client/dist/ssr: a build without it is stale too.
  const serverRender = path.join(root, 'client', 'dist', 'ssr', 'entry-server.js');
  const clientStale = isStale(clientIndex, clientSources) || isStale(serverRender, clientSources);
  if (existsSync(path.join(root, 'client')) && clientStale) run('build:client', clientIndex);
  const serverBundle = path.join(root, 'dist', 'server.mjs');
  if (isStale(serverBundle, serverSources)) run('build:server', serverBundle);

  // The bundle starts itself only when it is the script node was given: say that it is.
  process.argv[1] = serverBundle;
  await import(pathToFileURL(serverBundle).href);
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
