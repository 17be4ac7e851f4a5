// A cap on open connections per address, counted on the http server's 'connection' event.
// One client holding thousands of idle sockets could otherwise use up the process's file
// descriptors (the health check then stops answering for everyone). The excess socket is
// destroyed before a byte is read, so it costs nothing more.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { normalizedAddress } from './client-address';

/**
 * A trusted proxy (nginx) carries every visitor on its own connections, so capping it like one
 * visitor would cap the whole site. It gets this many times the cap, only as a guard against a
 * runaway proxy; the per-visitor cap is then the proxy's job (limit_conn in the nginx example).
 */
export const PROXY_CONNECTIONS_FACTOR = 20;

export interface ConnectionLimitOptions {
  maxPerAddress: number;
  /** True for a peer that is a trusted proxy. */
  isProxy(address: string): boolean;
}

export interface ConnectionCounts {
  /** Open connections of this address (for tests and monitoring). */
  openFrom(address: string): number;
  /** Connections refused since start. */
  readonly refused: number;
}

export function limitConnectionsPerAddress(server: Server, options: ConnectionLimitOptions): ConnectionCounts {
  const open = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const key = normalizedAddress(address);
    const count = open.get(key) ?? 0;
    const cap = options.isProxy(address) ? options.maxPerAddress * PROXY_CONNECTIONS_FACTOR : options.maxPerAddress;
    if (count >= cap) {
      refused += 1;
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return {
    openFrom: (address) => open.get(normalizedAddress(address)) ?? 0,
    get refused() { return refused; },
  };
}
