// Entry of dist/server.mjs, of the single executable and of the kiosk's server process: runs the
// command line it was given. (Importing src/cli/main.ts runs nothing.)
import { runCommandLine } from './main';

runCommandLine(process.argv.slice(2)).then((code) => {
  if (code !== null) process.exitCode = code;
}, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
