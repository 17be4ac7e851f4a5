import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Client modules import the server's shared vocabularies as @shared (see client/vite.config.ts).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'client/src/**/*.test.ts', 'client/build/**/*.test.ts'],
    environment: 'node',
    // Each API test file builds its own app on a fresh temporary DATA_DIR.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
