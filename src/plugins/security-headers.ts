// Visitors may be at risk: nothing their browser loads may come from a third party, except a
// YouTube embed (privacy-enhanced domain) that staff chose. The policy enforces it.
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // The offline copy's service worker (/sw.js) and the installable app's manifest: this site only.
  "worker-src 'self'",
  "manifest-src 'self'",
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

// The API documentation page (swagger-ui): its scripts are files of this site (the initializer
// too), so no inline script runs; its interface sets inline styles. Nothing may frame it but this
// site, and no plugin content loads.
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'geolocation=(), camera=(), microphone=(), interest-cohort=()',
};
const SITE_HEADERS: Readonly<Record<string, string>> = { ...COMMON_HEADERS, 'Content-Security-Policy': CONTENT_SECURITY_POLICY };
const DOCS_HEADERS: Readonly<Record<string, string>> = { ...COMMON_HEADERS, 'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY };

/** The headers of every answer, also written by hand on answers that bypass Fastify's hooks. */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return url.startsWith('/api/docs') ? DOCS_HEADERS : SITE_HEADERS;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeadersFor(request.url));
    return payload;
  });
}
