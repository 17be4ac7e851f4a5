// The HTML document of a server-rendered page: the built template with the visitor's language on
// <html>, the page's head (title, description, canonical, Open Graph, Twitter, hreflang), the
// rendered screen and the data the browser hydrates from. Its addresses are page-addresses.ts's.
// The template is cut into its fixed parts once per language and address language
// (DocumentTemplate); a page is those parts and its own pieces joined.
import { withoutControlCharacters } from '@shared/text';
import { escapeHtml, summary } from './escape';
import type { Language, PageFacts } from '@shared/domain';
import type { PageAddresses } from './page-addresses';
import { OG_LOCALE, siteText } from './site-text';
import { fontPreloadTags, type FontPreloads } from './font-preloads';

const HEAD_REGION = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const HTML_TAG = /<html lang="[^"]*" dir="[^"]*"/;
const ROOT_MARK = '<!--page-root-->';
const DATA_MARK = '<!--page-data-->';
const MANIFEST_LINK = /<link rel="manifest" href="\/manifest\.webmanifest"\s*\/?>/;
/** React writes resource hints (an image's preload) before the markup: they belong in the head. */
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

export interface PageDocumentInput {
  language: Language;
  origin: string;
  /** The page's canonical address and its language versions (paths of this site). */
  addresses: PageAddresses;
  /** The language the address names (/ar/...), null for an unprefixed address. */
  addressLanguage: Language | null;
  /** Rendered screen. */
  html: string;
  facts: PageFacts;
  /** The page's link-preview picture: absolute address, real size, and what it shows. */
  image: { url: string; width: number; height: number; alt: string };
  dataElementId: string;
  /** The hydration data as JSON text, already safe inside a script element (escape.ts, scriptSafeJson). */
  dataJson: string;
}

type TemplateParts = readonly [string, string, string, string];

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

function headOf(input: PageDocumentInput, hints: string): string {
  const { language, origin, facts } = input;
  const site = siteText[language];
  const title = facts.title ? `${facts.title} | ${site.name}` : site.name;
  const description = summary(facts.description || site.description);
  const { addresses } = input;
  const url = `${origin}${addresses.canonical}`;
  const otherLocales = addresses.alternates.filter((alternate) => alternate.hreflang !== addresses.language && alternate.hreflang !== 'x-default');
  // A page search engines should not list names no canonical address nor language versions.
  const listed = !facts.noindex;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    listed ? `<link rel="canonical" href="${escapeHtml(url)}" />` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', facts.title ?? site.name),
    meta('property', 'og:description', description),
    meta('property', 'og:type', facts.type ?? 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[addresses.language]),
    ...otherLocales.map((alternate) => meta('property', 'og:locale:alternate', OG_LOCALE[alternate.hreflang as Language])),
    meta('property', 'og:image', input.image.url),
    meta('property', 'og:image:width', String(input.image.width)),
    meta('property', 'og:image:height', String(input.image.height)),
    meta('property', 'og:image:alt', input.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', facts.title ?? site.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', input.image.url),
    meta('name', 'twitter:image:alt', input.image.alt),
  ];
  if (listed) {
    for (const alternate of addresses.alternates) {
      tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(`${origin}${alternate.path}`)}" />`);
    }
  }
  tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)}" href="${escapeHtml(`${origin}/feed/${language}.xml`)}" />`);
  return tags.join('\n    ') + hints;
}

const APP_ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="[^"]*">/g;

/**
 * The server's page is complete without its scripts: the application's 90 kB of JavaScript are
 * fetched once the page is painted (client/public/boot.js), not before; a slow phone shows the
 * page first and hydrates it a moment later. Measured with Lighthouse: see docs/decisions.md.
 */
export function withAppAfterFirstPaint(template: string): string {
  const entry = APP_ENTRY.exec(template)?.[1];
  if (!entry) return template;
  return template
    .replace(APP_ENTRY, () => `<script type="module" src="/boot.js" data-app-entry="${entry}"></script>`)
    .replace(MODULE_PRELOADS, '');
}

function partsOf(template: string, language: Language, addressLanguage: Language | null, fontPreloads: readonly string[]): TemplateParts {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  // Functions as replacements: a `$` must stay a `$`.
  const filled = template
    .replace(HTML_TAG, () => `<html lang="${language}" dir="${dir}"`)
    // A language address installs as the app in its language (start page included).
    .replace(MANIFEST_LINK, (link) => (addressLanguage ? `<link rel="manifest" href="/${addressLanguage}/manifest.webmanifest" />` : link))
    // After the stylesheet: the fonts are asked for with the HTML, but never before the page's styles.
    .replace('</head>', () => [...fontPreloadTags(fontPreloads).map((tag) => `  ${tag}\n  `), '</head>'].join(''));
  const head = HEAD_REGION.exec(filled);
  const root = filled.indexOf(ROOT_MARK);
  const data = filled.indexOf(DATA_MARK);
  if (!head || root < head.index || data < root) throw new Error('the page template lacks its head, root or data marks, in that order');
  return [
    filled.slice(0, head.index),
    filled.slice(head.index + head[0].length, root),
    filled.slice(root + ROOT_MARK.length, data),
    filled.slice(data + DATA_MARK.length),
  ];
}

/** The built index.html cut into the parts every page of a language (and address language) shares, each cut once. */
export class DocumentTemplate {
  private readonly parts = new Map<string, TemplateParts>();

  /** `fontPreloads`: the fonts each language's pages ask for at once (font-preloads.ts). */
  constructor(private readonly template: string, private readonly fontPreloads?: FontPreloads) {
    partsOf(template, 'en', null, []);
  }

  partsFor(language: Language, addressLanguage: Language | null): TemplateParts {
    const key = `${language} ${addressLanguage ?? ''}`;
    let parts = this.parts.get(key);
    if (!parts) this.parts.set(key, (parts = partsOf(this.template, language, addressLanguage, this.fontPreloads?.[language] ?? [])));
    return parts;
  }
}

export function pageDocument(template: DocumentTemplate, input: PageDocumentInput): string {
  const hints = LEADING_HINTS.exec(input.html)?.[0] ?? '';
  const body = input.html.slice(hints.length);
  const [beforeHead, beforeRoot, beforeData, end] = template.partsFor(input.language, input.addressLanguage);
  const data = `<script type="application/json" id="${input.dataElementId}">${input.dataJson}</script>`;
  const document = beforeHead + headOf(input, hints) + beforeRoot + body + beforeData + data + end;
  // Whatever a stored text (written before input was cleaned) or the address (/p/%00) carried,
  // no control character reaches the page: not in its text, its attributes or its data.
  return withoutControlCharacters(document);
}
