// `npm run build:client [-- --outDir DIR]`: the web client into DIR (default client/dist), then
// its server render into DIR/ssr (the server loads DIR/ssr/entry-server.js when it exists) with
// the page addresses it answers (DIR/ssr/route-patterns.json).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(root, 'client', 'vite.config.ts');

export function outDirFrom(argv) {
  const index = argv.indexOf('--outDir');
  return path.resolve(index >= 0 && argv[index + 1] ? argv[index + 1] : path.join(root, 'client', 'dist'));
}

const outDir = outDirFrom(process.argv.slice(2));
await build({ configFile, logLevel: 'warn', build: { outDir } });
await build({ configFile, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'ssr'), emptyOutDir: false } });
// The page addresses beside the render: the server registers its page routes from them at start
// and loads the render itself with the first page asked for (src/modules/pages/renderer.ts).
const { routePatterns } = await import(pathToFileURL(path.join(outDir, 'ssr', 'entry-server.js')).href);
writeFileSync(path.join(outDir, 'ssr', 'route-patterns.json'), `${JSON.stringify(routePatterns)}\n`);
console.log(`built the client and its server render into ${path.relative(process.cwd(), outDir) || '.'}`);
