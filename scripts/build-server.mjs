// Bundles the server and its command line into an ESM file, dist/server.mjs, that runs with
// `node dist/server.mjs [command]` from the project root (src/cli/entry.ts), with the parts it
// loads on first use beside it (dist/server-part-*.mjs), and beside them the
// worker thread of content bundles, dist/bundle-worker.cjs (src/modules/content-bundles/
// bundle-thread.ts finds it there). Native modules stay outside the bundle and load from node_modules.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules with native parts (or that load files relative to themselves) are not bundled. */
export const NATIVE_EXTERNALS = ['better-sqlite3', 'sharp', 'electron'];

// Bundled CommonJS dependencies call require(), __filename and __dirname: give them ESM equivalents.
export const BANNER = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname, join as __pathJoinForAssets } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join('\n');

/**
 * Packages that read their own files at run time through __dirname. In the bundle __dirname is
 * dist/, so their code is rewritten to look in dist/<folder>/, and their assets are copied there.
 */
const PACKAGES_WITH_ASSETS = [
  { name: '@fastify/swagger-ui', folder: 'swagger-ui', assets: ['static'] },
];

/** `base` is the expression of the folder that holds <folder>/ (the bundle's own __dirname by default). */
export function assetDirnamePluginFor(base) {
  return {
    name: 'asset-dirname',
    setup(pluginBuild) {
      for (const pkg of PACKAGES_WITH_ASSETS) {
        const packageDir = path.join(root, 'node_modules', pkg.name);
        const filter = new RegExp(`node_modules[\\\\/]${pkg.name.replace('/', '[\\\\/]')}[\\\\/].*\\.js$`);
        pluginBuild.onLoad({ filter }, (args) => {
          const relativeDir = path.relative(packageDir, path.dirname(args.path)).split(path.sep).filter(Boolean);
          const dirExpression = `__pathJoinForAssets(${base}, ${JSON.stringify([pkg.folder, ...relativeDir]).slice(1, -1)})`;
          const contents = readFileSync(args.path, 'utf8').replace(/\b__dirname\b/g, dirExpression);
          return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
        });
      }
    },
  };
}

export const assetDirnamePlugin = assetDirnamePluginFor('__dirname');

/** The files copyPackageAssets() copies: [source, path under the output folder]. */
export function packageAssetFiles() {
  const files = [];
  const visit = (source, target) => {
    if (statSync(source).isDirectory()) {
      for (const name of readdirSync(source)) visit(path.join(source, name), `${target}/${name}`);
    } else {
      files.push([source, target]);
    }
  };
  for (const pkg of PACKAGES_WITH_ASSETS) {
    for (const asset of pkg.assets) visit(path.join(root, 'node_modules', pkg.name, asset), `${pkg.folder}/${asset}`);
  }
  return files;
}

export function copyPackageAssets(outDir) {
  for (const pkg of PACKAGES_WITH_ASSETS) {
    const target = path.join(outDir, pkg.folder);
    rmSync(target, { recursive: true, force: true });
    for (const asset of pkg.assets) {
      cpSync(path.join(root, 'node_modules', pkg.name, asset), path.join(target, asset), { recursive: true });
    }
  }
}

/** The content bundles' worker thread, imports and exports (it runs on its own, so it is a bundle of its own). */
export const BUNDLE_WORKER_ENTRY = path.join(root, 'src', 'modules', 'content-bundles', 'bundle-worker.ts');
export const BUNDLE_WORKER_FILE = 'bundle-worker.cjs';

/**
 * Bundles the worker as CommonJS (it runs beside an ESM or a CommonJS server alike). `external`:
 * the native modules left to node_modules; the single executable bundles better-sqlite3's
 * JavaScript and hands the worker its binary's path instead.
 */
export async function buildBundleWorker({ outfile, external = NATIVE_EXTERNALS, target = 'node22' }) {
  await build({
    absWorkingDir: root,
    entryPoints: [BUNDLE_WORKER_ENTRY],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target,
    external,
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  return outfile;
}

/**
 * What the server's entry imports only when first needed (pdf-lib with the first PDF, each
 * command of the command line) goes into files of its own beside it: a start then reads and
 * compiles less (docs/decisions.md, "Cold start: what could wait, measured"). Named after the
 * entry, so a build can remove the previous build's.
 */
const chunkPrefix = (outfile) => `${path.basename(outfile, '.mjs')}-part-`;

function removeEarlierParts(outfile) {
  const outDir = path.dirname(outfile);
  if (!existsSync(outDir)) return;
  for (const name of readdirSync(outDir)) if (name.startsWith(chunkPrefix(outfile))) rmSync(path.join(outDir, name));
}

export async function buildServer({ outfile = path.join(root, 'dist', 'server.mjs'), quiet = false } = {}) {
  const started = Date.now();
  removeEarlierParts(outfile);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'src', 'cli', 'entry.ts') },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    // In the same folder as the entry: __dirname (the API docs' files) and the bundles' worker's path are the same for every part.
    chunkNames: `${chunkPrefix(outfile)}[hash]`,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: NATIVE_EXTERNALS,
    banner: { js: BANNER },
    sourcemap: 'linked',
    // Less to parse at every start; identifiers and names stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
    plugins: [assetDirnamePlugin],
  });
  await buildBundleWorker({ outfile: path.join(path.dirname(outfile), BUNDLE_WORKER_FILE) });
  copyPackageAssets(path.dirname(outfile));
  if (!quiet) {
    const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
    console.log(`built ${path.relative(root, outfile)} (${(bytes / 1024).toFixed(0)} KiB with map) in ${Date.now() - started} ms`);
  }
  return outfile;
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  buildServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
