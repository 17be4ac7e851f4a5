// The command line of the site, the same in every form it takes: `npm start` and `npm run users
// -- ...` in a checkout (dist/server.mjs), the single executable (`anti-trafficking-site users ...`)
// and the kiosk's server process. No command starts the server; the others are the operator's tools.
import { version } from '../../package.json';
import { isSingleExecutable, UNPACK_COMMAND } from '../binary/single-executable';
import { commandName } from './command-name';

type Tool = (args: string[]) => Promise<number>;

/**
 * Each tool resolves with its exit code: 0 done, 1 refused or failed, 2 wrong usage. Loaded when
 * asked for: `users list` does not start by loading the server, nor the server every tool.
 */
export const TOOLS: Record<string, () => Promise<Tool>> = {
  users: async () => (await import('./users')).usersCommand,
  backup: async () => (await import('./backup')).backupCommand,
  restore: async () => (await import('./restore')).restoreCommand,
  content: async () => (await import('./content')).contentCommand,
};

export function versionLine(): string {
  return `anti-trafficking-site ${version} (Node.js ${process.versions.node}, ${process.platform}-${process.arch})`;
}

export function helpText(): string {
  const site = commandName();
  const rows: Array<[string, string]> = [
    [site, 'start the server: http://localhost:3000, data in ./data'],
    [`${commandName('users')} list | reset-password <email> | create-admin <email>`, 'account recovery'],
    [`${commandName('backup')} <folder>`, 'a backup archive of the data'],
    [`${commandName('restore')} <archive> [--allow-unsigned] [--key <file>]`, 'replace the data by a backup'],
    [`${commandName('content')} keygen | export | import | export-stats | import-stats ...`, 'content bundles'],
    [`${commandName('<command>')} --help`, 'the usage of one command'],
    [`${isSingleExecutable() ? site : 'npm start --'} --version`, 'this version'],
  ];
  if (isSingleExecutable()) rows.push([`${site} ${UNPACK_COMMAND}`, 'write the files this executable carries (its first start does)']);
  const lines = rows.map(([command, what]) => `  ${command}\n      ${what}`);
  return `${versionLine()}
The bilingual (English and Arabic) anti-trafficking information site: its server and its tools.

${lines.join('\n')}

Settings are environment variables (PORT, HOST, DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD, ...), the same
for the server and the tools: see the README's "Configuration". DATA_DIR chooses the data everywhere.`;
}

/**
 * Runs one command line. Resolves with the exit code, or null when the server was started and
 * runs on (it exits by itself when stopped).
 */
export async function runCommandLine(args: string[]): Promise<number | null> {
  const [command, ...rest] = args;
  if (command === undefined) return (await import('./serve')).serveCommand();
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(versionLine());
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(helpText());
    return 0;
  }
  if (command === UNPACK_COMMAND) return (await import('./unpack')).unpackCommand();
  const loadTool = Object.hasOwn(TOOLS, command) ? TOOLS[command] : undefined;
  if (!loadTool) {
    console.error(`unknown command "${command}"\n\n${helpText()}`);
    return 2;
  }
  return (await loadTool())(rest);
}
