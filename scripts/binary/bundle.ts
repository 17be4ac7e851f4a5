// The single executable's main script: the whole command line (src/cli/entry.ts) as one CommonJS
// file, as Node's single-executable support requires. Nothing is left outside it: better-sqlite3's
// and sharp's own loaders, which look for their binaries in node_modules, are replaced by
// src/binary/runtime.ts (the binaries come from the unpacked folder), and the API documentation's
// files are read from that folder too.
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { assetDirnamePluginFor } from '../build-server.mjs';

/**
 * The loaders replaced. Each package's must be met (sharp's ES or CommonJS one): a file renamed in
 * a new release fails the build instead of making an executable that cannot load it.
 */
const NATIVE_LOADERS = [
  { package: 'better-sqlite3', filter: /[\\/]node_modules[\\/]better-sqlite3[\\/]lib[\\/]binding\.js$/, contents: (runtime: string) => `const { loadNativeAddon } = require(${runtime});\nexports.getBinding = () => loadNativeAddon('better-sqlite3');\nexports.getPrebuildPath = () => null;` },
  { package: 'sharp', filter: /[\\/]node_modules[\\/]sharp[\\/]dist[\\/]sharp\.cjs$/, contents: (runtime: string) => `module.exports = require(${runtime}).loadNativeAddon('sharp');` },
  { package: 'sharp', filter: /[\\/]node_modules[\\/]sharp[\\/]dist[\\/]sharp\.mjs$/, contents: (runtime: string) => `import { loadNativeAddon } from ${runtime};\nexport default loadNativeAddon('sharp');` },
];

function nativeLoadersPlugin(runtimeModule: string, met: Set<string>): Plugin {
  const runtime = JSON.stringify(runtimeModule);
  return {
    name: 'native-addons-from-the-unpacked-folder',
    setup(pluginBuild) {
      for (const loader of NATIVE_LOADERS) {
        pluginBuild.onLoad({ filter: loader.filter }, (args) => {
          met.add(loader.package);
          return { contents: loader.contents(runtime), loader: 'js', resolveDir: path.dirname(args.path) };
        });
      }
    },
  };
}

/** Left outside on purpose: sharp's helpers for building it from source, in try blocks, never called by the site. */
const UNUSED_OPTIONAL_REQUIRES = [/^@img\/sharp-libvips-dev(\/|$)/];

export async function bundleMainScript(root: string, outfile: string): Promise<void> {
  const runtimeModule = path.join(root, 'src', 'binary', 'runtime.ts');
  const met = new Set<string>();
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src', 'cli', 'entry.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    // In the executable __filename is the executable itself.
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;\nconst __pathJoinForAssets = require('node:path').join;" },
    plugins: [
      assetDirnamePluginFor(`require(${JSON.stringify(runtimeModule)}).unpackedFolder()`),
      nativeLoadersPlugin(runtimeModule, met),
    ],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
  });
  const missed = [...new Set(NATIVE_LOADERS.map((loader) => loader.package))].filter((name) => !met.has(name));
  if (missed.length > 0) throw new Error(`the native loaders of ${missed.join(' and ')} were not found (renamed in a new release?): update scripts/binary/bundle.ts`);
  // The executable's require() knows only Node's own modules: anything else left outside would fail at run time.
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  const outside = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external && !builtins.has(entry.path) && !UNUSED_OPTIONAL_REQUIRES.some((pattern) => pattern.test(entry.path))).map((entry) => entry.path));
  if (outside.length > 0) throw new Error(`the executable's main script would require modules it does not carry: ${[...new Set(outside)].join(', ')}`);
}
