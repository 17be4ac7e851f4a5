// No command: the server, with the settings and defaults of `npm start`. As the single executable
// it first writes the files it carries (at the first start) and serves the web client from there;
// on Windows it opens the site in the default browser. Started by a parent (the kiosk), it tells
// the parent when it listens or why it could not start.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { opensBrowser, unpackLocation } from '../config';
import { unpackedFiles } from '../binary/runtime';
import { isSingleExecutable } from '../binary/single-executable';
import { removeOtherFolders } from '../binary/unpacked-files';
import { serve, startFailureMessage } from '../server';
import { parentChannel, type ParentChannel } from './parent-channel';

export interface ServeOptions {
  env?: NodeJS.ProcessEnv;
  channel?: ParentChannel | null;
  /** Opens an address in the system's browser (replaced in tests). */
  openInBrowser?: (url: string) => void;
  exit?: (code: number) => never;
}

/** The program that hands an address to the default browser (explorer.exe does on Windows). */
export function browserOpener(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return 'explorer.exe';
  return platform === 'darwin' ? 'open' : 'xdg-open';
}

function openInBrowser(url: string): void {
  const child = spawn(browserOpener(), [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => console.log(`Open ${url} in a browser.`));
  child.unref();
}

/** The single executable's own files: the web client from the unpacked folder, unless CLIENT_DIR says otherwise. */
function executableEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!isSingleExecutable()) return env;
  const files = unpackedFiles();
  removeOtherFolders(unpackLocation(env), files.dir);
  return { ...env, CLIENT_DIR: env.CLIENT_DIR || files.clientDir };
}

/** A console window opened by a double-click closes with the process: keep the reason readable. */
async function holdConsoleOpen(): Promise<void> {
  if (process.platform !== 'win32' || !isSingleExecutable() || !process.stdin.isTTY) return;
  console.error('\nPress Enter to close this window.');
  process.stdin.resume();
  await once(process.stdin, 'data');
}

/**
 * Resolves with null once the server listens (it then runs until stopped). When it cannot start,
 * says why (on stderr, and to the parent) and exits with code 1: whatever it had opened goes with it.
 */
export async function serveCommand(options: ServeOptions = {}): Promise<number | null> {
  const env = options.env ?? process.env;
  const channel = options.channel === undefined ? parentChannel() : options.channel;
  try {
    const { server, shutdown } = await serve(executableEnvironment(env));
    if (channel) {
      await channel.send({ type: 'listening', url: server.url, port: server.port });
      channel.onRequest(() => void shutdown('asked by the parent process'));
      channel.onGone(() => void shutdown('the parent process is gone'));
    } else if (opensBrowser(process.platform === 'win32' && isSingleExecutable(), env)) {
      console.log(`Opening ${server.url} in your browser. Press Ctrl+C to stop the site.`);
      (options.openInBrowser ?? openInBrowser)(server.url);
    }
    return null;
  } catch (error) {
    const message = startFailureMessage(error, env);
    console.error(message ?? error);
    await channel?.send({ type: 'failed', message: message ?? (error instanceof Error ? error.message : String(error)) });
    await holdConsoleOpen();
    return (options.exit ?? process.exit)(1);
  }
}
