// What a request for a page asks for (its language, address and encoding: the page cache's key) and
// the headers a page is answered with. One home for both, shared by the two ways a page is sent:
// rendered, through Fastify's reply and its hooks; or kept, written by the page route's first hook
// before any other work (docs/decisions.md, "Kept pages answered first").
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@shared/domain';
import { addressLanguageOf } from '@shared/public-paths';
import { etagMatches, PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache';
import { securityHeadersFor } from '../../plugins/security-headers';
import { chooseEncoding, type Encoding } from './encodings';
import { pickLanguage } from './language';
import { publicOrigin } from './origin';
import type { CachedPage } from './page-cache';

export interface PageAsk {
  /** The language the page is in: the address's prefix, else the cookie or Accept-Language. */
  language: Language;
  /** The language the address names (`/ar/...`), null for an unprefixed one. */
  addressLanguage: Language | null;
  origin: string;
  /** The render address (renderAddressOf): the path as asked and the parameters its screen reads. */
  url: string;
  encoding: Encoding;
  /** The page cache's key: everything the page is made from but its data. */
  key: string;
}

/**
 * The page a request asks for. `renderAddress` is routes.ts' renderAddressOf, passed in so the rule
 * keeps one home.
 */
export function pageAskOf(request: FastifyRequest, publicUrl: string | undefined, renderAddress: (url: string) => string): PageAsk {
  // A language address (/ar/about) is in its language whoever asks; an unprefixed one in the visitor's.
  const addressLanguage = addressLanguageOf(request.url);
  const language = addressLanguage ?? pickLanguage(request.headers.cookie, request.headers['accept-language']);
  const origin = publicOrigin(publicUrl, request);
  const url = renderAddress(request.url);
  // The path as asked holds the prefix (/ar/about and /about in Arabic are two entries: their
  // links differ), the language is the one the address, the cookie or Accept-Language resolved
  // to: the page's whole input but its data.
  const key = `${origin}\u0000${language}\u0000${url}`;
  return { language, addressLanguage, origin, url, encoding: chooseEncoding(request.headers['accept-encoding']), key };
}

/** The headers of a page's answer that depend on the page and the request (the hooks add the rest). */
export function pageHeaders(ask: PageAsk, page: CachedPage): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'content-language': ask.language,
    // A language address does not depend on the cookie or Accept-Language: caches key it by its URL alone.
    vary: ask.addressLanguage ? 'Accept-Encoding' : 'Cookie, Accept-Language, Accept-Encoding',
  };
  if (ask.encoding !== 'identity') headers['content-encoding'] = ask.encoding;
  if (page.status === 200) headers.etag = page.etag;
  else headers['cache-control'] = 'no-cache';
  return headers;
}

/** The security headers of the site's pages, named as Fastify sends them (lower case). */
const SITE_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(securityHeadersFor('/')).map(([name, value]) => [name.toLowerCase(), value]),
);

/**
 * Answers a kept page (always a 200) without Fastify's later hooks, with the headers they would
 * have added: the security headers, the public Cache-Control, a 304 to a matching If-None-Match.
 * The reply is hijacked: nothing else may be sent on it.
 */
export function sendKeptPage(request: FastifyRequest, reply: FastifyReply, ask: PageAsk, page: CachedPage, body: Buffer): void {
  const headers: Record<string, string> = { ...pageHeaders(ask, page), ...SITE_HEADERS, 'cache-control': PUBLIC_CACHE_CONTROL };
  reply.hijack();
  if (etagMatches(request.headers['if-none-match'], page.etag)) {
    // As the HTTP caching hook answers: no body, so no encoding of one.
    delete headers['content-encoding'];
    reply.raw.writeHead(304, { ...headers, 'content-length': '0' });
    reply.raw.end();
    return;
  }
  reply.raw.writeHead(200, { ...headers, 'content-length': String(body.length) });
  reply.raw.end(body);
}
