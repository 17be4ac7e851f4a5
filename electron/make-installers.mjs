// npm run dist:electron [-- electron-builder flags]: builds the site, the Electron bundle and the
// installers. Nothing native is rebuilt: better-sqlite3 and sharp ship Node-API binaries that load
// in Node and in Electron alike, so node_modules stays as npm installed it and the server and the
// tests keep working in the same working copy.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

let status = run(npm, ['run', 'build']);
if (status === 0) status = run(npm, ['run', 'build:electron']);
if (status === 0) status = run(npx, ['electron-builder', '--config', 'electron-builder.yml', '--publish', 'never', ...process.argv.slice(2)]);
if (status === 0) console.log('\nInstallers are in release/');
process.exit(status);
