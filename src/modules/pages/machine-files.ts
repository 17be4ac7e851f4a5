// What search engines and feed readers read: robots.txt and one RSS 2.0 feed per language
// (the sitemap is in sitemap.ts). Published posts only; drafts never appear.
import { languageHomePath, languagePath } from '@shared/public-paths';
import type { PublicPost } from '../posts/schema';
import { escapeHtml, escapeXml, summary } from './escape';
import type { Language } from '@shared/domain';
import { siteText } from './site-text';

export const FEED_SIZE = 20;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /login_page_2022',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Text in an RSS title or description. Feed readers read both as HTML once the XML is parsed
 * (RSS 2.0 says so of the description; most readers treat the title alike), so the text is
 * escaped for HTML, then for XML: a post titled "<b>x</b>" or "&lt;script&gt;" shows those very
 * characters in every reader, never markup.
 */
const rssText = (text: string) => escapeXml(escapeHtml(text));

export function rssFeed(origin: string, language: Language, posts: PublicPost[]): string {
  const site = siteText[language];
  const self = `${origin}/feed/${language}.xml`;
  const items = posts.map((post) => {
    // Each post at its canonical address, in its own language (the feed's).
    const link = `${origin}${languagePath(post.language, `/p/${encodeURIComponent(post._id)}`)}`;
    return [
      '    <item>',
      `      <title>${rssText(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>`,
      `      <category>${escapeXml(post.type)}</category>`,
      `      <description>${rssText(summary(post.describtion, 500))}</description>`,
      '    </item>',
    ].join('\n');
  });
  const newest = posts.map((post) => post.updatedAt).sort().at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${rssText(site.name)}</title>`,
    // The home page in the feed's own language.
    `    <link>${escapeXml(`${origin}${languageHomePath(language)}`)}</link>`,
    `    <description>${rssText(site.description)}</description>`,
    `    <language>${language}</language>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
