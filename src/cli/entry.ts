// Entry of dist/server.mjs, of the single executable and of the kiosk's server process: runs the
// command line it was given. (Importing src/cli/main.ts runs nothing.) It stays small: it turns
// on the compile cache first, then loads the rest, which the cache then serves (./code-cache.ts).
import { enableCodeCache } from './code-cache';

enableCodeCache(process.argv.slice(2));

import('./main').then(({ runCommandLine }) => runCommandLine(process.argv.slice(2))).then((code) => {
  if (code !== null) process.exitCode = code;
}, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
