// Names of request fields for validation messages, in both languages. A field a dashboard form
// shows is named as that form labels it (src/shared/field-labels.ts, words from the dashboard's
// translation files); the few fields no form shows (query parameters, ids) have their names here.
import arabic from '../../client/public/assets/locals/ar/dashboard.json';
import english from '../../client/public/assets/locals/en/dashboard.json';
import type { BilingualMessage } from '../errors';
import type { Language } from '@shared/domain';
import { isFieldGroup, nameField, type FieldGroup, type NamedField, type Translate } from '@shared/field-labels';

type Dictionary = Record<string, unknown>;

/** i18next's lookup and {{placeholder}} filling, enough for the labels (no plurals, no nesting). */
function translator(dictionary: Dictionary): Translate {
  return (key, values = {}) => {
    let node: unknown = dictionary;
    for (const part of key.split('.')) node = node !== null && typeof node === 'object' ? (node as Dictionary)[part] : undefined;
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

export const translate: Record<Language, Translate> = { en: translator(english), ar: translator(arabic) };

/** Fields outside the forms: query parameters and the like. */
const OTHER_FIELDS: Record<string, BilingualMessage> = {
  id: { en: 'Id', ar: 'المعرّف' },
  keyword: { en: 'Search words', ar: 'كلمة البحث' },
  q: { en: 'Search words', ar: 'كلمة البحث' },
  pageNumber: { en: 'Page number', ar: 'رقم الصفحة' },
  page: { en: 'Page number', ar: 'رقم الصفحة' },
  path: { en: 'Path', ar: 'المسار' },
  days: { en: 'Number of days', ar: 'عدد الأيام' },
  rate: { en: 'Rating', ar: 'التقييم' },
  city: { en: 'City', ar: 'المدينة' },
  since: { en: 'Since', ar: 'منذ' },
  lang: { en: 'Language', ar: 'اللغة' },
};

/** The group of an API route, from its pattern: '/api/maps/:id' -> 'maps'. */
export function fieldGroupOf(routeUrl: string | undefined): FieldGroup | null {
  const group = /^\/api\/([^/]+)/.exec(routeUrl ?? '')?.[1];
  return group !== undefined && isFieldGroup(group) ? group : null;
}

export interface BilingualField {
  en: NamedField;
  ar: NamedField;
}

/** The field at `path` in both languages, as its form names it; else by its own name. */
export function bilingualField(group: FieldGroup | null, path: string): BilingualField {
  const en = group ? nameField(group, path, translate.en) : null;
  const ar = group ? nameField(group, path, translate.ar) : null;
  if (en && ar) return { en, ar };
  const last = path.split(/[.[\]]+/).filter(Boolean).pop() ?? path;
  const other = Object.prototype.hasOwnProperty.call(OTHER_FIELDS, last) ? OTHER_FIELDS[last] : { en: last, ar: last };
  return { en: { context: '', label: other.en }, ar: { context: '', label: other.ar } };
}

/**
 * A route's own message about one field, placed as the form shows it when the field sits in a list:
 * "Branch 2: " before a branch's field, "Trusted key 2: " before one item of a list of keys.
 */
export function inContext(message: BilingualMessage, group: FieldGroup, path: string): BilingualMessage {
  const field = bilingualField(group, path);
  const isItem = /(\.\d+|\[\d+\])$/.test(path);
  const before = (named: NamedField) => (isItem ? `${named.context}${named.label}: ` : named.context);
  return { en: `${before(field.en)}${message.en}`, ar: `${before(field.ar)}${message.ar}` };
}
