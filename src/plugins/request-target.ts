// The request target as the rest of the server reads it: always a path. HTTP/1.1 servers must
// accept the absolute form (`GET http://example.org/about HTTP/1.1`, RFC 9112 §3.2.2); Fastify
// routes it by its path but left `request.url` absolute, so a canonical address became
// `http://127.0.0.1http://evil.example/about`. The scheme and authority a client writes there are
// dropped: addresses are built from PUBLIC_URL or the Host header (src/modules/pages/origin.ts).

import type { FastifyInstance } from 'fastify';
import { decodePathSegment } from '@shared/public-paths';
import { apiError, messages } from '../errors';

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** `http://host/path?query` -> `/path?query`; any other target is returned as it is. */
export function originFormOf(target: string): string {
  if (target.startsWith('/')) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The longest path segment any address of this site has, once decoded (a city name is at most
 * 100 characters, an id 64): the router refuses longer parameters with the same bound.
 */
export const MAX_PATH_SEGMENT_CHARS = 500;

/** True when a segment of the target's path is longer than MAX_PATH_SEGMENT_CHARS once decoded. */
export function hasOverlongSegment(target: string): boolean {
  const pathname = target.split('?', 1)[0];
  // A decoded segment is never longer than the raw path: most requests stop here.
  if (pathname.length <= MAX_PATH_SEGMENT_CHARS) return false;
  return pathname.split('/').some((segment) => decodePathSegment(segment).length > MAX_PATH_SEGMENT_CHARS);
}

/**
 * Any over-long segment answers 414, whatever route would take it: without this, a fixed route's
 * extra segment, the static files or the page fallback each answered it their own way, and a page
 * could repeat the text back with 200.
 */
export function refuseOverlongAddresses(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasOverlongSegment(request.url)) throw apiError(414, messages.addressTooLong, null);
  });
}
