// HTTP caching of the public site. Public pages and public API reads carry a weak ETag and answer
// 304 to a matching If-None-Match; browsers and proxies may keep them briefly and serve them stale
// while they revalidate, so a staff edit is seen within a minute (docs/api-contract.md, Other answers worth knowing).
// Anything sent with a login token, and every other API answer, is `private, no-store`.
import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * 'public': fresh for 10 s, then served stale for up to 20 s while revalidating. A copy is at most
 * 30 s old in one cache; a browser behind a proxy adds its own 30 s at most: under a minute.
 * 'revalidate': may be stored, but asked again (304 when unchanged) on every use.
 */
export type HttpCachePolicy = 'public' | 'revalidate';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=20';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a successful anonymous GET of this route may be cached (absent: not at all). */
    httpCache?: HttpCachePolicy;
  }
}

/** A weak validator: equal bodies, equal tags, whatever the compression on the wire. */
export function weakEtag(body: string | Buffer): string {
  // The one-shot hash: no Hash object made and dropped per answer.
  return `W/"${hash('sha1', body, 'base64url').slice(0, 27)}"`;
}

/** True when If-None-Match names this tag (weak comparison) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function policyOf(request: FastifyRequest): HttpCachePolicy | undefined {
  return request.routeOptions.config?.httpCache;
}

/** Applies the policy to one answer; returns the payload to send (empty for a 304). */
function applyPolicy(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const policy = policyOf(request);
  const isApi = request.url.startsWith('/api/');
  if (!isRead) {
    if (isApi) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return payload;
  }
  // A token may reveal drafts or staff data: never kept by a shared cache.
  if (request.headers.authorization || (!policy && isApi)) {
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return payload;
  }
  if (!policy) return payload;
  if (reply.statusCode !== 200) {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', REVALIDATE_CACHE_CONTROL);
    return payload;
  }
  reply.header('Cache-Control', policy === 'public' ? PUBLIC_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
  if (isApi) reply.header('Vary', 'Authorization');
  let etag = reply.getHeader('ETag') as string | undefined;
  if (!etag) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    etag = weakEtag(payload);
    reply.header('ETag', etag);
  }
  if (etagMatches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('Content-Length');
    reply.removeHeader('Content-Encoding');
    return '';
  }
  return payload;
}

/** Must be installed before compression, so the validator is computed on the plain body. */
export function installHttpCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => applyPolicy(request, reply, payload));
}
