// What tells one client from another for the daily counts: its address and user agent. These
// only ever enter an HMAC (see daily-digests.ts), never storage.
import type { FastifyRequest } from 'fastify';

/** Longer user agents add nothing to telling clients apart. */
const MAX_USER_AGENT = 512;

export function clientOf(request: FastifyRequest): [address: string, userAgent: string] {
  // request.ip follows TRUST_PROXY (X-Forwarded-For only when the app trusts the proxy).
  return [request.ip, (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT)];
}
