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
 * A language's home page: the one place that names it (the feeds' channel link). Today the home
 * page is `/` in the visitor's language, and `?lang=` chooses it (the server keeps the choice and
 * answers 303 to `/`); a per-language address would replace this line.
 */
export function languageHomePath(language: Language): string {
  return `/?lang=${language}`;
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
