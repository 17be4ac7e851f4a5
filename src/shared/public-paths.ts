// Public addresses that carry a name: built by one function and read back by one, so a city
// called "Erbil/Duhok", "Tom & Jerry", "Zakho: north" or "Why?" is percent-encoded exactly once
// in every link, in the sitemap and in the address the page reads its data from. The web client
// uses this file too.
import type { Language } from './domain';

export function cityPagePath(name: string): string {
  return `/maps/${encodeURIComponent(name)}`;
}

/**
 * The city named by a /maps/ address as sent (still percent-encoded), decoded once; null for any
 * other address or an escape that is not UTF-8. Routers decode an address with decodeURI, which
 * leaves %2F, %26, %3A, %3F ... as they are: reading a name from that would decode it twice or not
 * at all, so this reads the address as it came.
 */
export function cityNameOfPagePath(rawPathname: string): string | null {
  const match = /^\/maps\/([^/]+)\/?$/i.exec(rawPathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Every public page has three addresses: one per language, `/en/...` and `/ar/...` (always in that
 * language, whoever asks), and the unprefixed one (`/about`, in the visitor's language: the
 * cookie, then Accept-Language, then English), which search engines learn as `x-default`. The
 * prefix is exact: `/ar/` and `/en/` in lower case, once, at the start; anything else (`/AR/`,
 * `/%61r/`, `/fr/`) is no language address. The server, the browser's router, the offline copy
 * and the sitemap all read and build these addresses here.
 */
const LANGUAGE_PREFIX = /^\/(en|ar)(?=\/|\?|$)/;

/** The language an address names by its prefix (`/ar/about` → ar), or null for an unprefixed one. */
export function addressLanguageOf(address: string): Language | null {
  return (LANGUAGE_PREFIX.exec(address)?.[1] as Language | undefined) ?? null;
}

/** The page an address shows, without its language prefix: `/ar/about` → `/about`, `/ar/` → `/`. */
export function withoutLanguage(address: string): string {
  const language = addressLanguageOf(address);
  if (!language) return address;
  const rest = address.slice(language.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A page's address in one language (`/about` → `/ar/about`, `/` → `/ar/`); a query stays. */
export function languagePath(language: Language, page: string): string {
  return `/${language}${withoutLanguage(page)}`;
}

/** A language's home page, `/ar/` or `/en/` (the feeds' channel link names it). */
export function languageHomePath(language: Language): string {
  return languagePath(language, '/');
}

/** One segment of an address, decoded once (kept as it is when it is not valid UTF-8 escapes). */
export function decodePathSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
