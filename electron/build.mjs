// Bundles the Electron main process, the server it runs as a utility process (the command line,
// src/cli/entry.ts, as server.cjs) and the preload script into electron/dist as CommonJS. Native
// modules and electron itself stay external (they load from the app's node_modules).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetDirnamePlugin, buildBundleWorker, copyPackageAssets, BUNDLE_WORKER_FILE, NATIVE_EXTERNALS } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'electron', 'dist');

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 44 ships Node 24; the same code also runs under plain Node 22 in the tests.
  target: 'node22',
  external: NATIVE_EXTERNALS,
  legalComments: 'none',
  logLevel: 'warning',
};

await build({ ...common, entryPoints: [path.join(root, 'electron', 'main.ts')], outfile: path.join(outDir, 'main.cjs'), sourcemap: 'linked' });
await build({
  ...common,
  entryPoints: [path.join(root, 'src', 'cli', 'entry.ts')],
  outfile: path.join(outDir, 'server.cjs'),
  // import.meta.url in CommonJS: this file's URL.
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;\nconst __pathJoinForAssets = require('node:path').join;" },
  plugins: [assetDirnamePlugin],
  sourcemap: 'linked',
});
await build({ ...common, entryPoints: [path.join(root, 'electron', 'preload.ts')], outfile: path.join(outDir, 'preload.cjs') });
// The content import's worker thread, beside server.cjs (unpacked from app.asar: electron-builder.yml).
await buildBundleWorker({ outfile: path.join(outDir, BUNDLE_WORKER_FILE) });
copyPackageAssets(outDir);
console.log(`built ${path.relative(root, outDir)}/main.cjs, server.cjs, ${BUNDLE_WORKER_FILE} and preload.cjs`);
