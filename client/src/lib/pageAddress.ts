// What the public pages read from their address, shared by the pages and the server render.
import { useRouter } from 'wouter';
import { POST_TYPES, EMERGENCY_TYPES, type EmergencyType, type PostType } from '@shared/domain';
import { withoutControlCharacters } from '@shared/text';

/** The keyword of the address: ?keyword= (the search form's), or ?q= of older links; never a control character (?keyword=a%00b). */
export function keywordFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  return withoutControlCharacters((params.get('keyword') ?? params.get('q')) ?? '').trim();
}

/**
 * The path as the browser (or the server's render) has it, still percent-encoded. wouter's own
 * location is decoded with decodeURI, which keeps %2F, %26, %3F ... and so cannot tell a name's
 * "/" from a literal "%2F": names are read from this instead (@shared/public-paths).
 */
export function useRawPathname(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

export function isPostType(type: string): type is PostType {
  return (POST_TYPES as readonly string[]).includes(type);
}

export function isEmergencyType(type: string): type is EmergencyType {
  return (EMERGENCY_TYPES as readonly string[]).includes(type);
}
