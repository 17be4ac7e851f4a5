// The sitemap (sitemaps.org protocol): one file while the site fits in one, 50,000 addresses and
// 50 MB at most; past that, /sitemap.xml is a sitemap index naming child sitemaps, the fixed pages
// and cities in one and the published posts in slices of POSTS_PER_SITEMAP, each read by one
// bounded query. Only the posts visitors may see (PublicPosts); drafts never appear. Each page is
// listed once per language at its language address (a post once, in its own language), with its
// language versions and x-default as xhtml:link alternates (page-addresses.ts, as in page heads).
import { POST_TYPES, EMERGENCY_TYPES, LANGUAGES, type Language } from '@shared/domain';
import { cityPagePath } from '@shared/public-paths';
import { escapeXml } from './escape';
import { postAddresses, sharedPageAddresses, type PageAddresses } from './page-addresses';

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;
/**
 * Posts in one child sitemap: far under both limits (a post's entry is about 320 bytes, 450 with a
 * translation). 5,000 keeps each answer under 50 ms of the server's time and near 1.6 MB for a
 * crawler on an office's uplink (10,000 took 70 - 110 ms at 100,000 posts).
 */
export const POSTS_PER_SITEMAP = 5_000;

/** The public pages that are the same for everyone (posts and cities are added to them), without language prefix. */
export const FIXED_PUBLIC_PATHS = [
  '/', '/about', '/ht', '/international', '/servicemap', '/useful_tools', '/seeking_help', '/contact',
  '/trainingtool', '/assessmentform', '/browse-safely',
  ...EMERGENCY_TYPES.map((type) => `/e/${type}`),
  ...POST_TYPES.map((type) => `/posts/${encodeURIComponent(type)}`),
];

/** One address of the sitemap: a path of this site, its language versions and, when known, its last change. */
export interface SitemapEntry {
  path: string;
  alternates: PageAddresses['alternates'];
  lastmod?: string;
}

/** A visible post as the sitemap lists it: its language and its visible translation. */
export interface SitemapPost {
  id: string;
  updatedAt: string;
  language: Language;
  translationOf: string | null;
}

/** Where the sitemap reads the site; each call is one bounded query. */
export interface SitemapSource {
  cityNames(): Promise<string[]>;
  /** How many posts visitors may see. */
  countPosts(): Promise<number>;
  /** Those posts, the newest first: `offset` skipped, at most `limit`. */
  posts(offset: number, limit: number): Promise<SitemapPost[]>;
}

export const PAGES_SITEMAP = '/sitemap/pages.xml';
const POSTS_SITEMAP = /^\/sitemap\/posts-([1-9]\d{0,6})\.xml$/;
const postsSitemapPath = (number: number) => `/sitemap/posts-${number}.xml`;

function pageEntries(cityNames: string[]): SitemapEntry[] {
  const pages = [...FIXED_PUBLIC_PATHS, ...cityNames.map(cityPagePath)];
  return pages.flatMap((page) => LANGUAGES.map((language) => {
    const { canonical, alternates } = sharedPageAddresses(page, language);
    return { path: canonical, alternates };
  }));
}

const postPath = (id: string) => `/p/${encodeURIComponent(id)}`;

function postEntries(posts: SitemapPost[]): SitemapEntry[] {
  return posts.map((post) => {
    const translations = post.translationOf ? [{ language: post.language === 'ar' ? 'en' as const : 'ar' as const, path: postPath(post.translationOf) }] : [];
    const { canonical, alternates } = postAddresses(postPath(post.id), post.language, translations);
    return { path: canonical, alternates, lastmod: post.updatedAt };
  });
}

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  // Escaping is per character, so the origin is escaped once and each path after it.
  const at = escapeXml(origin);
  const lines = entries.map(({ path, alternates, lastmod }) => {
    let line = `  <url><loc>${at}${escapeXml(path)}</loc>`;
    if (lastmod) line += `<lastmod>${escapeXml(lastmod)}</lastmod>`;
    // After the protocol's own elements, as its schema orders them.
    for (const alternate of alternates) line += `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${at}${escapeXml(alternate.path)}"/>`;
    return `${line}</url>`;
  });
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
    + `${lines.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, childPaths: string[]): string {
  const lines = childPaths.map((path) => `  <sitemap><loc>${escapeXml(`${origin}${path}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/** /sitemap.xml: every address in one file when they fit in one, else the index of the children. */
export async function mainSitemap(origin: string, source: SitemapSource): Promise<string> {
  const pages = pageEntries(await source.cityNames());
  const postCount = await source.countPosts();
  if (pages.length + postCount <= SITEMAP_LIMITS.urls) {
    const xml = urlsetXml(origin, [...pages, ...postEntries(await source.posts(0, postCount))]);
    if (Buffer.byteLength(xml) <= SITEMAP_LIMITS.bytes) return xml;
  }
  const slices = Math.ceil(postCount / POSTS_PER_SITEMAP);
  return sitemapIndexXml(origin, [PAGES_SITEMAP, ...Array.from({ length: slices }, (_, index) => postsSitemapPath(index + 1))]);
}

/** A child sitemap of the index by its path, or null when there is no such child. */
export async function childSitemap(origin: string, path: string, source: SitemapSource): Promise<string | null> {
  if (path === PAGES_SITEMAP) return urlsetXml(origin, pageEntries(await source.cityNames()));
  const number = Number(POSTS_SITEMAP.exec(path)?.[1] ?? 0);
  if (number === 0) return null;
  const posts = await source.posts((number - 1) * POSTS_PER_SITEMAP, POSTS_PER_SITEMAP);
  // Past the last slice there is nothing; the first slice exists even when empty.
  if (posts.length === 0 && number > 1) return null;
  return urlsetXml(origin, postEntries(posts));
}
