// npm run build:binary [-- --target linux-x64 ...] [--out <folder>]
// One self-contained executable per target (Linux x64, Linux arm64, Windows x64), built with
// Node's single-executable support from the official Node binaries the npm registry carries:
// the site's command line as the main script, the native parts, web client and API docs files as
// embedded assets (src/binary/unpacked-files.ts writes them out at the first start). Written to
// release/anti-trafficking-site-<version>-<target>[.exe]. Downloads are kept in .tmp-binary/.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inject } from 'postject';
import { bundleMainScript } from './binary/bundle';
import { buildBundleWorker, BUNDLE_WORKER_FILE } from './build-server.mjs';
import { readExecutableFormat, SEA_FUSE } from './binary/executable-format';
import { buildPayload } from './binary/payload';
import { registryPackage } from './binary/registry-cache';
import { executableName, TARGET_NAMES, TARGETS, type BinaryTarget, type TargetName } from './binary/targets';
import { SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { isStale } from './start.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cacheDir = path.join(root, '.tmp-binary');
export const siteVersion = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

const clientDir = path.join(root, 'client', 'dist');
const clientSources = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((entry) => path.join(root, 'client', entry));

/** The built web client, rebuilt first when its sources changed (it travels inside). */
function ensureClientBuilt(): void {
  const index = path.join(clientDir, 'index.html');
  const render = path.join(clientDir, 'ssr', 'entry-server.js');
  const routePatterns = path.join(clientDir, 'ssr', 'route-patterns.json');
  if (![index, render, routePatterns].some((output) => isStale(output, clientSources))) return;
  console.log('> npm run build:client');
  execFileSync('npm', ['run', 'build:client', '--silent'], { cwd: root, stdio: 'inherit' });
}

/**
 * The official Node binary of the target, of this very Node version: the blob is written by this
 * Node and is read by the same version only. The Linux x64 one is already in .node-lts/ when this
 * runs under scripts/node-lts.sh.
 */
function nodeBinary(target: BinaryTarget): string {
  const version = process.versions.node;
  const installed = path.join(root, '.node-lts', version, target.nodeFile);
  if (target.name === 'linux-x64' && existsSync(installed)) return installed;
  return path.join(registryPackage(cacheDir, target.nodePackage, version), target.nodeFile);
}

/** The first program found that can strip this target's ELF symbols (llvm-strip handles every processor). */
function stripTool(target: BinaryTarget): string | null {
  if (target.format.container !== 'ELF') return null;
  const candidates = ['llvm-strip', target.format.machine === 'aarch64' ? 'aarch64-linux-gnu-strip' : 'strip'];
  for (const tool of candidates) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0) return tool;
  }
  throw new Error(`no program to strip the ${target.name} executable: install llvm (llvm-strip) or ${target.format.machine === 'aarch64' ? 'binutils-aarch64-linux-gnu' : 'binutils'} (apt-get install ...)`);
}

export interface BuiltExecutable { target: TargetName; file: string; bytes: number; payload: { raw: number; compressed: number } }

async function buildTarget(target: BinaryTarget, mainScript: string, bundleWorker: string, outDir: string): Promise<BuiltExecutable> {
  const started = Date.now();
  const work = path.join(cacheDir, 'work', target.name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  const payload = buildPayload({ root, cacheDir, target, version: siteVersion, clientDir, bundleWorker });
  writeFileSync(path.join(work, 'manifest.json'), payload.manifestText);
  const blob = path.join(work, 'sea-prep.blob');
  const seaConfig = {
    main: mainScript,
    output: blob,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    // V8's code cache is made by this very Node, for this processor: the host target only.
    useCodeCache: target.name === `${process.platform}-${process.arch}`,
    // The server's V8 flags, as node gets them from npm start and the systemd unit.
    execArgv: [...SERVER_V8_FLAGS],
    assets: { 'manifest.json': path.join(work, 'manifest.json'), ...payload.assets },
  };
  writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
  execFileSync(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });

  const output = path.join(outDir, executableName(siteVersion, target));
  const building = `${output}.building`;
  copyFileSync(nodeBinary(target), building);
  chmodSync(building, 0o755);
  // The official Linux binaries carry about 18 MB of symbol tables; the dynamic symbols the
  // native addons link against stay.
  const strip = stripTool(target);
  if (strip) execFileSync(strip, ['--strip-all', building]);
  await inject(building, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE });

  const format = readExecutableFormat(building);
  const wanted = target.format;
  if (format.container !== wanted.container || format.machine !== wanted.machine || !format.is64Bit || !format.seaBlobInjected) {
    throw new Error(`${target.name}: the built file is ${JSON.stringify(format)}, not a 64-bit ${wanted.container} for ${wanted.machine} with the blob`);
  }
  renameSync(building, output);
  const bytes = statSync(output).size;
  console.log(`built ${path.relative(root, output)}: ${(bytes / 1e6).toFixed(1)} MB (carried files ${(payload.bytes.raw / 1e6).toFixed(1)} MB, ${(payload.bytes.compressed / 1e6).toFixed(1)} MB compressed) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { target: target.name, file: output, bytes, payload: payload.bytes };
}

export async function buildBinaries(options: { targets?: TargetName[]; outDir?: string } = {}): Promise<BuiltExecutable[]> {
  const targets = options.targets ?? TARGET_NAMES;
  const outDir = options.outDir ?? path.join(root, 'release');
  mkdirSync(outDir, { recursive: true });
  ensureClientBuilt();
  const mainScript = path.join(cacheDir, 'work', 'site.cjs');
  await bundleMainScript(root, mainScript);
  // better-sqlite3's JavaScript inside; its binary is the unpacked folder's (bundle-thread.ts).
  const bundleWorker = await buildBundleWorker({ outfile: path.join(cacheDir, 'work', BUNDLE_WORKER_FILE), external: ['sharp', 'electron'], target: 'node24' });
  const built: BuiltExecutable[] = [];
  for (const name of targets) built.push(await buildTarget(TARGETS[name], mainScript, bundleWorker, outDir));
  return built;
}

function readTargets(values: string[] | undefined): TargetName[] | undefined {
  if (!values || values.length === 0) return undefined;
  for (const value of values) {
    if (!(TARGET_NAMES as string[]).includes(value)) throw new Error(`unknown target "${value}": ${TARGET_NAMES.join(', ')}`);
  }
  return values as TargetName[];
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  try {
    const { values } = parseArgs({ options: { target: { type: 'string', multiple: true }, out: { type: 'string' } } });
    await buildBinaries({ targets: readTargets(values.target), outDir: values.out ? path.resolve(values.out) : undefined });
  } catch (error) {
    console.error(`build:binary failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
