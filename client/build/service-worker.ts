// Builds the service worker (src/offline/worker/sw.ts) into the client's build as /sw.js, with
// the list of files it precaches and a version, both injected at build time:
// - the files: the public site's entry, every public screen's chunk (with what they import),
//   their styles, the woff2 fonts, both languages' texts, the boot script, the shell page and the
//   icons; never the dashboard's or the login's chunks (they never work offline);
// - the version: a hash of the worker and every precached file, so a new build installs side by
//   side with the old one and an unchanged build is not installed again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

const workerEntry = fileURLToPath(new URL('../src/offline/worker/sw.ts', import.meta.url));
/** The server's shared vocabularies, as the client reads them (vite.config.ts). */
const sharedDir = fileURLToPath(new URL('../../src/shared', import.meta.url));
/** Screens rendered for visitors; the dashboard and the login live elsewhere. */
const PUBLIC_SCREEN = /^src\/(pages\/public\/|PublicApp)/;
const FIXED_FILES = [
  '/index.html', '/boot.js', '/favicon.svg',
  '/assets/locals/en/translate.json', '/assets/locals/ar/translate.json',
  '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-192.png', '/icons/icon-maskable-512.png',
];

/** The built files the public site needs offline, as paths from the site's root. */
export function precacheList(manifest: ViteManifest): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followDynamic: boolean) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported, false);
    if (!followDynamic) return;
    for (const dynamic of chunk.dynamicImports ?? []) {
      const src = manifest[dynamic]?.src ?? dynamic;
      if (PUBLIC_SCREEN.test(src)) visit(dynamic, true);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, true);
  // The visitor's browser only ever asks for woff2 (every browser able to run a worker reads it).
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.woff2')) files.add(`/${chunk.file}`);
  for (const file of FIXED_FILES) files.add(file);
  return [...files].sort();
}

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'offline-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle runs before closeBundle, so the compression of the build also compresses sw.js.
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
      const precache = precacheList(manifest);
      const missing = precache.filter((file) => !existsSync(path.join(outDir, file)));
      if (missing.length) throw new Error(`service worker: precached files missing from the build: ${missing.join(', ')}`);
      const compile = (version: string) => buildSync({
        entryPoints: [workerEntry], bundle: true, write: false, minify: true, format: 'iife', target: 'es2020', alias: { '@shared': sharedDir },
        define: { __OFFLINE_VERSION__: JSON.stringify(version), __PRECACHE__: JSON.stringify(precache) },
      }).outputFiles[0].text;
      const hash = createHash('sha256').update(compile('0'));
      for (const file of precache) hash.update(file).update(readFileSync(path.join(outDir, file)));
      writeFileSync(path.join(outDir, 'sw.js'), compile(hash.digest('hex').slice(0, 12)));
    },
  };
}
