// What the service worker does with each request: the site's offline rules in one pure function,
// so every "never cache" case is tested without a browser (policy.test.ts) and the worker itself
// only carries them out. A page's language addresses (/ar/p/x, /en/about) follow the rules of its
// unprefixed address.
import { withoutLanguage } from '@shared/public-paths';

export type RequestHandling =
  /** Not ours to touch: the browser fetches it as if there were no worker. */
  | { kind: 'pass' }
  /** A file of this version's app shell: from the precache, else the network. */
  | { kind: 'shell' }
  /** A public page: network first, then the saved copy, then the shell. */
  | { kind: 'page'; group: 'pages' | 'posts'; groupKey: string; address: string; store: boolean }
  /** A staff page: always the network; offline, a bilingual "needs a connection" page. */
  | { kind: 'staff-page' }
  /** A public read the essentials use: the saved answer at once, refreshed in the background. */
  | { kind: 'essential-data' }
  /** One post's API answer: network first, kept with the post. */
  | { kind: 'post-data'; postId: string }
  /** An uploaded picture: saved with the post whose page asked for it, else only looked up. */
  | { kind: 'picture'; postId: string | null };

export interface RequestFacts {
  url: string;
  method: string;
  /** 'navigate' for a page load. */
  mode: string;
  hasAuthorization: boolean;
  /** The worker's own origin. */
  origin: string;
  /** The address of the page that asked (for pictures): tells which post they belong to. */
  clientUrl?: string;
  /** Paths of this version's precached files. */
  precached: ReadonlySet<string>;
}

const PASS: RequestHandling = { kind: 'pass' };

/** Staff screens, the login page and staff API routes: never stored, whoever asks. */
const STAFF_PAGE = /^\/(dashboard(\/|$)|login_page_2022(\/|$))/i;
const PRIVATE_API = /^\/api\/(auth|users|upload|audit|visits|docs)(\/|$)/i;
/** The public reads behind the essentials: emergency numbers, contacts, cities and branches, texts. */
const ESSENTIAL_API = /^\/api\/(settings$|contact$|maps$|maps\/m\/[^/]+$|emergency\/[^/]+$|content\/[^/]+$)/;
/** One post by id (/api/posts/s is the search, /api/posts/author the staff's own list). */
const POST_API = /^\/api\/posts\/([A-Za-z0-9_-]+)$/;
const POST_PAGE = /^\/p\/([A-Za-z0-9_-]+)\/?$/;
const UPLOAD = /^\/uploads\/[A-Za-z0-9_.-]+$/;
/** Not worth keeping offline: search results (unbounded) and files for machines. */
const UNSAVED_PAGE = /^\/(search|feed\/|sitemap\.xml$|robots\.txt$|manifest\.webmanifest$|sw\.js$)/;

export function postIdOfPage(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? POST_PAGE.exec(withoutLanguage(parsed.pathname))?.[1] ?? null : null;
  } catch {
    return null;
  }
}

export function handlingOf(facts: RequestFacts): RequestHandling {
  if (facts.method !== 'GET') return PASS;
  const url = new URL(facts.url);
  // Another site (the YouTube embed, the quick exit's neutral site): straight through.
  if (url.origin !== facts.origin) return PASS;
  const path = url.pathname;
  if (STAFF_PAGE.test(path)) return facts.mode === 'navigate' ? { kind: 'staff-page' } : PASS;
  if (facts.mode === 'navigate') {
    if (/^\/(api|uploads|assets)(\/|$)/.test(path)) return PASS;
    const page = withoutLanguage(path);
    // A post's addresses are one group: saved and dropped together.
    const postId = POST_PAGE.exec(page)?.[1];
    return {
      kind: 'page',
      group: postId ? 'posts' : 'pages',
      groupKey: postId ?? path + url.search,
      address: path + url.search,
      store: !UNSAVED_PAGE.test(page),
    };
  }
  if (facts.precached.has(path) && !url.search) return { kind: 'shell' };
  if (path.startsWith('/api/')) {
    // A login token may reveal drafts or staff data: never stored, whatever the route.
    if (facts.hasAuthorization || PRIVATE_API.test(path)) return PASS;
    if (ESSENTIAL_API.test(path)) return { kind: 'essential-data' };
    const postId = POST_API.exec(path)?.[1];
    if (postId && postId !== 's' && postId !== 'author') return { kind: 'post-data', postId };
    return PASS;
  }
  if (UPLOAD.test(path)) return { kind: 'picture', postId: postIdOfPage(facts.clientUrl, facts.origin) };
  return PASS;
}

/** An answer may be kept only when it is a complete 200 that the server allows to be stored. */
export function isStorable(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/i.test(cacheControl ?? '');
}

/**
 * The key a page is saved under: an unprefixed address is rendered in the visitor's language (its
 * cookie), so the English and the Arabic copy of one address are kept apart (a language address
 * only ever has its own).
 */
export function pageCacheKey(origin: string, address: string, language: string): string {
  const separator = address.includes('?') ? '&' : '?';
  return `${origin}${address}${separator}offline-language=${language === 'ar' ? 'ar' : 'en'}`;
}
