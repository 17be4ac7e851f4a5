// What the public pages read from their address, shared by the pages and the server render.
import { useRouter } from 'wouter';
import type { Language } from '@shared/domain';
import { languagePath } from '@shared/public-paths';
import { POST_TYPES, EMERGENCY_TYPES, type EmergencyType, type PostType } from '@shared/domain';
import { withoutControlCharacters } from '@shared/text';

/** The keyword of the address: ?keyword= (the search form's), or ?q= of older links; never a control character (?keyword=a%00b). */
export function keywordFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  return withoutControlCharacters((params.get('keyword') ?? params.get('q')) ?? '').trim();
}

/**
 * The path as the browser (or the server's render) has it, still percent-encoded, without the
 * page's language prefix (the router's base, /ar). wouter's own location is decoded with
 * decodeURI, which keeps %2F, %26, %3F ... and so cannot tell a name's "/" from a literal "%2F":
 * names are read from this instead (@shared/public-paths).
 */
export function useRawPathname(): string {
  const router = useRouter();
  const raw = router.hook(router)[0];
  return router.base && raw.startsWith(router.base) ? raw.slice(router.base.length) || '/' : raw;
}

/**
 * A page's address for an element that is no router link (a form's action): inside a page at a
 * language address it keeps that language (/search → /ar/search), as every <Link> does.
 */
export function usePageHref(page: string): string {
  return useRouter().base + page;
}

/**
 * A router link to a page in another language (a post's translation): at a language address,
 * that language's address (`~` leaves this page's prefix); at an unprefixed address, the page's
 * unprefixed address, whose language follows the visitor's choice.
 */
export function useLanguageHref(language: Language, page: string): string {
  return useRouter().base ? `~${languagePath(language, page)}` : page;
}

export function isPostType(type: string): type is PostType {
  return (POST_TYPES as readonly string[]).includes(type);
}

export function isEmergencyType(type: string): type is EmergencyType {
  return (EMERGENCY_TYPES as readonly string[]).includes(type);
}
