// npm run dist:electron [-- electron-builder flags]: builds the site, the Electron bundle and the
// installers. electron-builder rebuilds better-sqlite3 inside node_modules for Electron, which
// breaks it for plain Node (npm start, tests); so it is always rebuilt for Node afterwards.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

let status = run(npm, ['run', 'build']);
if (status === 0) status = run(npm, ['run', 'build:electron']);
if (status === 0) {
  status = run(npx, ['electron-builder', '--config', 'electron-builder.yml', '--publish', 'never', ...process.argv.slice(2)]);
  console.log('\nRebuilding better-sqlite3 for Node, so the server and tests work again:');
  const restored = run(npm, ['rebuild', 'better-sqlite3']);
  if (status === 0) status = restored;
}
if (status === 0) console.log('\nInstallers are in release/');
process.exit(status);
