import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
// The server's shared vocabularies (src/shared/domain.ts); API types from there are erased at build.
const sharedDir = fileURLToPath(new URL('../src/shared', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react(), precompress()],
  resolve: { alias: { '@shared': sharedDir } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Content-hashed names: the server caches /assets/* for a year and index.html never.
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
