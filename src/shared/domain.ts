// The product's fixed vocabularies, shared by the server's schemas and the web client. This file
// imports nothing, so the client can use these lists at run time without pulling in server code.

/** The site's two languages (Arabic for most readers): of the interface, of a post, of a download's headings. */
export const LANGUAGES = ['en', 'ar'] as const;

/** Post types, in the order the dashboard offers them. */
export const POST_TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'] as const;
export const POST_STATES = ['draft', 'published', 'scheduled'] as const;

/** Page texts: exactly these three ("Trafficing" is spelt so, as the original client sends it). */
export const CONTENT_TYPES = ['About', 'Human Trafficing', 'Activity'] as const;

export const CONTACT_TYPES = ['phone', 'email', 'facebook', 'twitter', 'instagram', 'youtube', 'linkedin'] as const;

export const EMERGENCY_TYPES = ['Emergency', 'VOT'] as const;

export const RATING_SCOPES = ['service', 'website'] as const;

export const EVENT_NAMES = ['pageview', 'contact_click'] as const;

/** Staff roles an administrator can give: an admin is also an author. */
export const USER_ROLES = ['author', 'admin'] as const;

/** What a content bundle carries from headquarters to field offices, in the order reports list them. */
export const BUNDLE_KINDS = ['posts', 'pages', 'cities', 'emergency', 'contacts'] as const;

/** Where the quick exit sends a visitor until staff choose another harmless page. */
export const DEFAULT_QUICK_EXIT_URL = 'https://www.bbc.com/weather';

/** Posts on a page of the public lists and search. */
export const POSTS_PAGE_SIZE = 9;
/**
 * The public search counts its matches over this many pages at most (or up to the page asked for):
 * a count that costs the same at 1,000 posts as at 100,000. Past it the answer says `more`, and the
 * page after the last one counted holds posts (docs/api-contract.md, Paging).
 */
export const SEARCH_PAGES_COUNTED = 50;

export type Language = (typeof LANGUAGES)[number];
export type PostType = (typeof POST_TYPES)[number];
export type PostState = (typeof POST_STATES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];
export type EmergencyType = (typeof EMERGENCY_TYPES)[number];
export type RatingScope = (typeof RATING_SCOPES)[number];
export type EventName = (typeof EVENT_NAMES)[number];
export type UserRole = (typeof USER_ROLES)[number];
export type BundleKind = (typeof BUNDLE_KINDS)[number];

/**
 * Responsive widths written beside every uploaded image (1200 is the link-preview size). A
 * variant's name follows from the stored path: /uploads/ab12.webp -> /uploads/ab12-480w.webp.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1200, 1600] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * The variant widths an image of this width has: only narrower ones (a variant is never larger
 * than its source, and never a copy of it). The image itself stands for its own width.
 */
export function variantWidthsFor(sourceWidth: number): ImageVariantWidth[] {
  return IMAGE_VARIANT_WIDTHS.filter((width) => width < sourceWidth);
}

export function imageVariantPath(path: string, width: ImageVariantWidth): string {
  const dot = path.lastIndexOf('.');
  return `${dot > path.lastIndexOf('/') ? path.slice(0, dot) : path}-${width}w.webp`;
}

/**
 * What a page says about itself while the server renders it (metadata and HTTP status): written by
 * the page components, read by the pages module for the <head>.
 */
export interface PageFacts {
  status: number;
  title?: string;
  description?: string;
  /** An upload path (/uploads/...) that stands for the page in link previews. */
  image?: string;
  /** What that picture shows, in the page's language (og:image:alt); the page title when empty. */
  imageAlt?: string;
  type?: 'website' | 'article';
  /** The language of the page's main text when it differs from the interface (a post). */
  contentLanguage?: Language;
  /** Other language versions of this page at their unprefixed addresses (a translated post); the server names each one's language address (hreflang). */
  alternates?: Array<{ language: Language; path: string }>;
  /** Pages that search engines should not list (search results, not found). */
  noindex?: boolean;
}
