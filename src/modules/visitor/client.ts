// What tells one client from another for the daily counts: its address and user agent. These
// only ever enter an HMAC (see daily-digests.ts), never storage.
import type { FastifyRequest } from 'fastify';
import { clientAddressOf } from '../../plugins/client-address';

/** Longer user agents add nothing to telling clients apart. */
const MAX_USER_AGENT = 512;

export function clientOf(request: FastifyRequest): [address: string, userAgent: string] {
  // The address the limits use too: X-Forwarded-For counts only from a trusted proxy (TRUST_PROXY).
  return [clientAddressOf(request), (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT)];
}
