// What the public pages read from their address, shared by the pages and the server render.
import { POST_TYPES, EMERGENCY_TYPES, type EmergencyType, type PostType } from '@shared/domain';

/** The keyword of the address: ?keyword= (the search form's), or ?q= of older links. */
export function keywordFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('keyword') ?? params.get('q'))?.trim() ?? '';
}

export function isPostType(type: string): type is PostType {
  return (POST_TYPES as readonly string[]).includes(type);
}

export function isEmergencyType(type: string): type is EmergencyType {
  return (EMERGENCY_TYPES as readonly string[]).includes(type);
}
