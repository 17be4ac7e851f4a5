// @fastify/rate-limit, counted per client address (request.ip, which follows TRUST_PROXY; IPv6
// by its /64 network). Public writes share one handler, so ratings and page-view events from one
// address count into one window, as the contract says. The login limit builds its own
// limiters from the same plugin (src/modules/users/login-limit.ts).
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, messages } from '../errors';

/** Contract: public writes (ratings and events together), at most 600 a minute from one address. */
export const PUBLIC_WRITE_RATE_LIMIT = { max: 600, timeWindow: 60_000 } as const;

/** Addresses remembered per limit (least recently seen dropped first): bounded memory under a flood. */
export const ADDRESSES_REMEMBERED = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every public write route: one shared 600-a-minute window per address. */
    publicWriteLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(async (app) => {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: ADDRESSES_REMEMBERED,
    errorResponseBuilder: () => apiError(429, messages.tooManyRequests),
  });
  // One handler, hence one store: every route using it counts into the same window.
  app.decorate('publicWriteLimit', app.rateLimit({ ...PUBLIC_WRITE_RATE_LIMIT, cache: ADDRESSES_REMEMBERED }) as (request: FastifyRequest, reply: FastifyReply) => Promise<void>);
}, { name: 'rate-limits' });
