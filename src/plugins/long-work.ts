// The idle timeout closes a connection on which no byte moves for 30 s: it protects the server
// from clients that stall on purpose. A few admin routes legitimately work longer than that before
// their first byte (applying a full content bundle makes every picture's variants). Those routes
// widen the timeout of their own connection to the request timeout, once the caller is known to
// be an admin, and put it back when the answer is sent.
import type { FastifyReply, FastifyRequest } from 'fastify';

export function allowLongWork(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  // Requests injected in tests have no real socket.
  if (typeof socket?.setTimeout !== 'function') return;
  const { idleMs, requestMs } = request.server.config.timeouts;
  socket.setTimeout(requestMs);
  reply.raw.once('close', () => {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  });
}
