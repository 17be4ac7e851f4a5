// Starting the server: read config, build the app, listen, and shut down gracefully. The command
// line (src/cli/main.ts) runs serve() when it is given no command.
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import { ConfigError, loadConfig, redactConfig, type Config } from './config';
import { describeStorageError } from './storage-errors';
import { exitUnlessSupportedNode } from './node-support.mjs';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(config: Config = loadConfig(), options: BuildOptions = {}): Promise<RunningServer> {
  const app = await buildApp(config, options);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return { app, port, url: `http://${host}:${port}`, close: () => app.close() };
}

/**
 * SIGTERM/SIGINT (and, on Windows, SIGHUP: the console window was closed): stop taking requests,
 * finish those in flight, close the database, exit 0. Returns that same shutdown for other callers
 * (the kiosk asks its server process by message).
 */
export function closeOnSignals(server: RunningServer, exit: (code: number) => void = process.exit): (reason: string) => Promise<void> {
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ reason }, 'shutting down');
    try {
      await server.close();
      exit(0);
    } catch (error) {
      server.app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  if (process.platform === 'win32') process.once('SIGHUP', () => void shutdown('SIGHUP'));
  return shutdown;
}

/** The server as npm start runs it: settings from the environment, stopped by signals. */
export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<{ server: RunningServer; shutdown: (reason: string) => Promise<void> }> {
  exitUnlessSupportedNode();
  const config = loadConfig(env);
  const server = await startServer(config);
  server.app.log.info({ config: redactConfig(config) }, `listening on ${server.url}`);
  return { server, shutdown: closeOnSignals(server) };
}

/**
 * What an operator reads when the server cannot start: one line for a wrong setting or a data
 * folder it cannot write (no stack trace to dig through), the full error for anything else.
 */
export function startFailureMessage(error: unknown, env: NodeJS.ProcessEnv = process.env): string | null {
  if (error instanceof ConfigError) return `cannot start: ${error.message}`;
  const storage = describeStorageError(error);
  if (storage) return `cannot start: ${storage}. DATA_DIR (${env.DATA_DIR || './data'}) must be a folder this user can write, on a disk with free space.`;
  return null;
}

// `node --import tsx src/server.ts` still starts the bare server (no parent process, no browser: the
// command line, src/cli/entry.ts, adds those). In a bundle this module's URL is the bundle's own,
// never this file's: nothing starts twice there.
const runFromSource = import.meta.url.endsWith('/src/server.ts') && process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runFromSource) {
  serve().catch((error: unknown) => {
    console.error(startFailureMessage(error) ?? error);
    process.exit(1);
  });
}
