// `npm run build:client [-- --outDir DIR]`: the web client into DIR (default client/dist), then
// its server render into DIR/ssr (the server loads DIR/ssr/entry-server.js when it exists).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
console.log(`built the client and its server render into ${path.relative(process.cwd(), outDir) || '.'}`);
