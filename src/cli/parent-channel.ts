// The server's line to a parent process that started it: the desktop kiosk (Electron's utility
// process: process.parentPort), or any Node parent that forked it with an IPC channel. The server
// says when it listens or why it could not start, and stops when asked or when the parent is gone.

/** What the server tells its parent. */
export type ServerMessage =
  | { type: 'listening'; url: string; port: number }
  | { type: 'failed'; message: string };

/** What a parent may ask. */
export type ParentRequest = { type: 'shutdown' };

export interface ParentChannel {
  /** Resolves once the message has left this process (the server may exit right after). */
  send(message: ServerMessage): Promise<void>;
  onRequest(listener: (request: ParentRequest) => void): void;
  /** The parent went away (a forked child's channel closed); Electron ends its utility processes itself. */
  onGone(listener: () => void): void;
}

/** Electron's side of a utility process (not in Node's own types). */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const isShutdown = (value: unknown): value is ParentRequest => (value as { type?: unknown } | null)?.type === 'shutdown';

export function parentChannel(): ParentChannel | null {
  const port = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (port) {
    return {
      send: async (message) => port.postMessage(message),
      onRequest: (listener) => port.on('message', ({ data }) => { if (isShutdown(data)) listener(data); }),
      onGone: () => undefined,
    };
  }
  if (process.send && process.connected) {
    return {
      send: (message) => new Promise((resolve) => {
        if (!process.connected || !process.send) resolve();
        else process.send(message, undefined, undefined, () => resolve());
      }),
      onRequest: (listener) => process.on('message', (data) => { if (isShutdown(data)) listener(data); }),
      onGone: (listener) => process.once('disconnect', listener),
    };
  }
  return null;
}
