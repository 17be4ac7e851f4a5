import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'client/src/**/*.test.ts'],
    environment: 'node',
    // Each API test file builds its own app on a fresh temporary DATA_DIR.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
