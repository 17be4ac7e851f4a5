import { defineConfig } from '@playwright/test';

// One server on a fresh temporary DATA_DIR with the demo content, shared by all browser tests.
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);
export const E2E_ADMIN = { email: 'admin@example.org', password: 'admin-password-123' };

export default defineConfig({
  testDir: 'client/e2e',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node client/e2e/server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(E2E_PORT), ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
