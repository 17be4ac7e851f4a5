// How the operator runs a command, for usage lines: the executable's own name when this is the
// single executable (`anti-trafficking-site users`), `npm run users --` in a checkout.
import path from 'node:path';
import { isSingleExecutable } from '../binary/single-executable';

export function commandName(command?: string): string {
  if (isSingleExecutable()) {
    const executable = path.basename(process.execPath);
    return command ? `${executable} ${command}` : executable;
  }
  return command ? `npm run ${command} --` : 'npm start';
}
