// The site's public origin for absolute addresses (canonical, og:image, sitemap, feeds).
import type { FastifyRequest } from 'fastify';

/** A host name or address with an optional port: anything else in Host is not repeated back. */
const SAFE_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * PUBLIC_URL when set; otherwise the request's protocol and its Host header. Never
 * X-Forwarded-Host, even from a trusted proxy: a proxy passes on whatever a client wrote there
 * unless told not to, and a shared cache does not key on it, so one request could make every
 * visitor's cached page name another site. Host is what the proxy forwards and keys on
 * (scripts/nginx/proxy-cache.conf). X-Forwarded-Proto counts from a trusted proxy only
 * (TRUST_PROXY); the shipped nginx examples always overwrite it and key on the scheme.
 */
export function publicOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return publicUrl;
  const hostHeader = request.headers.host ?? '';
  const host = SAFE_HOST.test(hostHeader) ? hostHeader : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
