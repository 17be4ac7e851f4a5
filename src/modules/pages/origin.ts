// The site's public origin for absolute addresses (canonical, og:image, sitemap, feeds).
import type { FastifyRequest } from 'fastify';

/** A host name or address with an optional port: anything else in Host is not repeated back. */
const SAFE_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * PUBLIC_URL when set; otherwise the request's protocol and host. Those follow TRUST_PROXY:
 * X-Forwarded-Proto and X-Forwarded-Host count only when the proxy is trusted.
 */
export function publicOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return publicUrl;
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
