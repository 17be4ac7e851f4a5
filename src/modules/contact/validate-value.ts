// What a contact value must look like depends on its type: an e-mail address, a web link, or
// (for phones) any short text, since numbers are written in many ways.
import { apiError } from '../../errors';
import { contactMessages } from './messages';
import { SOCIAL_TYPES, type ContactType } from './schema';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The value as stored (trimmed), or a 400 on 'value'. */
export function checkedContactValue(type: ContactType, raw: string): string {
  const value = raw.trim();
  if (type === 'email' && !EMAIL.test(value)) throw apiError(400, contactMessages.emailInvalid, 'value');
  if (SOCIAL_TYPES.includes(type) && !isHttpUrl(value)) throw apiError(400, contactMessages.urlInvalid, 'value');
  return value;
}
