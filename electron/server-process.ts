// The kiosk's own server in a process of its own (Electron's utility process): an image re-encode,
// a content-bundle import or a crash in native code (sharp, SQLite) can never freeze or take down
// the window. The server says "listening" with its address, or why it could not start
// (src/cli/parent-channel.ts); it is stopped by message, so it finishes its requests and closes
// the database. Plain logic over a fork function: the tests fork Node with the sources.
import type { ServerMessage } from '../src/cli/parent-channel';

/** The part of Electron's UtilityProcess used here. */
export interface ServerChild {
  readonly pid: number | undefined;
  postMessage(message: unknown): void;
  kill(): boolean;
  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
}

export interface LocalServer {
  /** e.g. http://127.0.0.1:39211 */
  url: string;
  port: number;
  pid: number | undefined;
  /** Asks the server to stop (requests finished, database closed); resolves with its exit code. */
  close(): Promise<number>;
}

export class ServerStartError extends Error {}

/** How long the server gets to finish its requests once asked to stop, before it is killed. */
const STOP_GRACE_MS = 30_000;

const isServerMessage = (value: unknown): value is ServerMessage => {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'listening' || type === 'failed';
};

/**
 * Starts the server and resolves once it listens; rejects with its own reason when it cannot start
 * (the port is taken, the data folder cannot be written) or stops before listening.
 * `onUnexpectedExit` is called if it stops later without having been asked to.
 */
export function startServerProcess(fork: () => ServerChild, onUnexpectedExit: (code: number) => void): Promise<LocalServer> {
  const child = fork();
  let listening: LocalServer | null = null;
  let stopping: Promise<number> | null = null;
  const exited = new Promise<number>((resolve) => child.on('exit', resolve));

  return new Promise<LocalServer>((resolve, reject) => {
    child.on('message', (message) => {
      if (!isServerMessage(message) || listening) return;
      if (message.type === 'failed') {
        reject(new ServerStartError(message.message));
        return;
      }
      listening = {
        url: message.url,
        port: message.port,
        pid: child.pid,
        close() {
          stopping ??= new Promise<number>((done) => {
            const killer = setTimeout(() => child.kill(), STOP_GRACE_MS);
            void exited.then((code) => {
              clearTimeout(killer);
              done(code);
            });
            child.postMessage({ type: 'shutdown' });
          });
          return stopping;
        },
      };
      resolve(listening);
    });
    void exited.then((code) => {
      if (!listening) reject(new ServerStartError(`the server stopped before it could listen (exit code ${code})`));
      else if (!stopping) onUnexpectedExit(code);
    });
  });
}
