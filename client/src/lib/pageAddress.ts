// What the public pages read from their address, shared by the pages and the server render.
import { POST_TYPES, EMERGENCY_TYPES } from '@shared/domain';

/** The keyword of the address: ?keyword= (the search form's), or ?q= of older links. */
export function keywordFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('keyword') ?? params.get('q'))?.trim() ?? '';
}

export function isPostType(type: string): boolean {
  return (POST_TYPES as readonly string[]).includes(type);
}

export function isEmergencyType(type: string): boolean {
  return (EMERGENCY_TYPES as readonly string[]).includes(type);
}
