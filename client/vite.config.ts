import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
// The server's shared vocabularies (src/shared/domain.ts); API types from there are erased at build.
const sharedDir = fileURLToPath(new URL('../src/shared', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  // The server render (`vite build --ssr src/entry-server.tsx`) is one self-contained module: the
  // server loads it from the client's build folder, with no package to resolve at run time.
  plugins: isSsrBuild ? [react()] : [react(), serviceWorker(), precompress()],
  resolve: { alias: { '@shared': sharedDir } },
  ssr: { noExternal: true },
  // Bundled React picks its production build by NODE_ENV: fixed here, not left to the server's environment.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: false, target: 'node22', sourcemap: false, copyPublicDir: false }
    : {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2020',
      // Content-hashed names: the server caches /assets/* for a year and index.html never.
      assetsDir: 'assets',
      sourcemap: false,
      // .vite/manifest.json: the server names each page's screen chunk as a modulepreload, and the
      // fonts an Arabic page preloads.
      manifest: true,
      // Fonts stay files, however small: inlined, every visitor would download every script's font.
      assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
