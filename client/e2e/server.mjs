// Starts the real server for the browser tests: a fresh temporary DATA_DIR with the demo content,
// the client built if it is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// E2E_CLIENT_DIR lets two test runs build and serve their own copy side by side.
const clientDir = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : path.join(root, 'client', 'dist');
const build = spawnSync('npm', ['run', 'build:client', '--silent', '--', '--outDir', clientDir], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT || '4173', HOST: '127.0.0.1', SEED_DEMO: '1', CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', DAILY_BACKUPS_KEPT: '0' },
});
const stop = () => { server.kill('SIGTERM'); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => { rmSync(dataDir, { recursive: true, force: true }); process.exit(code ?? 0); });
