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

// The API documentation page (swagger-ui) runs its own inline bootstrap script.
const DOCS_CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'geolocation=(), camera=(), microphone=(), interest-cohort=()');
    const isDocs = request.url.startsWith('/api/docs');
    reply.header('Content-Security-Policy', isDocs ? DOCS_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    return payload;
  });
}
