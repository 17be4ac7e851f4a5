// How the audit log reads to a person: which item an entry is about and where it lives in the
// dashboard, each changed field by the label its form gives it, and short values before → after
// in the reader's language (types and states translated, files as "added/replaced/removed", long
// texts only said to have changed).
import { fieldName, type FieldGroup, type Translate } from '@shared/field-labels';
import type { AuditEntry } from '@shared/api-types';

/** The form whose labels name an entry's fields. */
export function fieldGroupOf(entry: Pick<AuditEntry, 'entity' | 'entityId'>): FieldGroup | null {
  switch (entry.entity) {
    case 'post': return 'posts';
    case 'city': return 'maps';
    case 'emergency': case 'emergency-order': return 'emergency';
    case 'contact': return 'contact';
    case 'user': return 'users';
    case 'content': return 'content';
    case 'settings': return entry.entityId === 'content-bundles' ? 'content-bundles' : 'settings';
    default: return null;
  }
}

/** Where the item lives in the dashboard (wouter paths inside /dashboard), or null. */
export function linkOf(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'exists'>): string | null {
  if (!entry.exists) return null;
  switch (entry.entity) {
    case 'post': return `/posts/${encodeURIComponent(entry.entityId)}`;
    case 'city': return `/maps/${encodeURIComponent(entry.entityId)}`;
    case 'emergency': case 'emergency-order': return '/emergency';
    case 'contact': return '/contact';
    case 'user': return '/users';
    case 'content': return '/content';
    case 'settings': return entry.entityId === 'content-bundles' ? '/content-bundles' : '/settings';
    case 'content-bundle': case 'content-bundle-export': case 'office-figures': case 'content-signing-key': return '/content-bundles';
    default: return null;
  }
}

/** The kinds of item the log knows, for the filter and the sentences ("the post", "the city"). */
export const KNOWN_KINDS = ['post', 'city', 'emergency', 'emergency-order', 'contact', 'content', 'user', 'settings', 'content-bundle', 'content-bundle-export',
  'office-figures', 'content-signing-key'] as const;

/** What the item is called in the reader's language: its name, else what it is. */
export function itemName(entry: AuditEntry, language: string, t: Translate): string {
  if (entry.entity === 'content') return t(`contentTypes.${entry.entityId}`) || entry.entityId;
  if (entry.entity === 'settings' || entry.entity === 'content-signing-key') return '';
  if (entry.entity === 'content-bundle-export') return entry.entityId;
  const name = language === 'ar' && entry.entityNameAr ? entry.entityNameAr : entry.entityName;
  return name ?? '';
}

/** Fields of the log that no form shows. */
const OTHER_FIELDS: Record<string, string> = {
  publishedAt: 'audit.fields.publishedAt', updatedAt: 'audit.fields.updatedAt', base: 'audit.fields.base', counts: 'audit.fields.counts',
  office: 'audit.fields.office', days: 'audit.fields.days', source: 'audit.fields.source', keptDrafts: 'audit.fields.keptDrafts',
  replacedCities: 'audit.fields.replacedCities', imagesWithoutVariants: 'audit.fields.imagesWithoutVariants', order: 'emergency.order',
  posts: 'bundles.kinds.posts', pages: 'bundles.kinds.pages', cities: 'bundles.kinds.cities', emergency: 'bundles.kinds.emergency', contacts: 'bundles.kinds.contacts',
  password: 'users.password', type: 'audit.fields.type', publicKey: 'bundles.publicKeyShort',
};

export function changedFieldLabel(entry: AuditEntry, field: string, t: Translate): string {
  const group = fieldGroupOf(entry);
  const named = group ? fieldName(group, field, t) : null;
  if (named) return named;
  return OTHER_FIELDS[field] ? t(OTHER_FIELDS[field]) : field;
}

/** Translations of the values of fields that hold one of a fixed list. */
function enumKey(entry: AuditEntry, field: string, value: string): string | null {
  if (field === 'state') return `postStates.${value}`;
  if (field === 'language') return `languages.${value}`;
  if (field === 'role') return `users.${value}`;
  if (field === 'type') {
    if (entry.entity === 'post') return `postTypes.${value}`;
    if (entry.entity === 'emergency') return `emergencyTypes.${value}`;
    if (entry.entity === 'contact') return `contactTypes.${value}`;
    if (entry.entity === 'content') return `contentTypes.${value}`;
  }
  return null;
}

/** Longer values are only said to have changed: the log records what changed, it is not a second copy. */
export const SHORT_VALUE = 80;

const isFile = (value: unknown) => typeof value === 'string' && value.startsWith('/uploads/');

export type ValueChange =
  | { kind: 'values'; from: string | null; to: string | null }
  | { kind: 'said'; text: string };

interface Formats { date: (iso: string) => string; number: (value: number) => string }

function shown(entry: AuditEntry, field: string, value: unknown, t: Translate, formats: Formats): string | null {
  if (value === undefined) return null;
  if (value === null || value === '') return t('audit.empty');
  if (typeof value === 'boolean') return field === 'active' ? t(value ? 'users.active' : 'users.disabled') : t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'number') return formats.number(value);
  if (typeof value === 'string') {
    const key = enumKey(entry, field, value);
    if (key) return t(key) || value;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formats.date(value);
    return value.length > SHORT_VALUE ? null : value;
  }
  if (Array.isArray(value)) {
    if (field === 'branch') return t('audit.branches', { count: value.length });
    if (field === 'pictures' || field === 'picturesAlt') return t('audit.pictures', { count: value.length });
    const text = value.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item) : '…')).join(', ');
    return text.length > SHORT_VALUE ? t('audit.items', { count: value.length }) : text;
  }
  if (typeof value === 'object') {
    // A bundle's counts per kind: { added, updated, deleted }.
    const counts = value as Record<string, unknown>;
    if (['added', 'updated', 'deleted'].every((part) => typeof counts[part] === 'number')) {
      return t('audit.bundleCounts', { added: formats.number(counts.added as number), updated: formats.number(counts.updated as number), deleted: formats.number(counts.deleted as number) });
    }
  }
  return null;
}

const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A new item's empty fields (and a deleted item's) say nothing: the entry lists what it held. */
export function worthShowing(entry: Pick<AuditEntry, 'action'>, change: unknown): boolean {
  if (change === null || typeof change !== 'object' || Array.isArray(change)) return true;
  const { from, to } = change as { from?: unknown; to?: unknown };
  if (entry.action === 'create') return !blank(to);
  if (entry.action === 'delete') return !blank(from);
  return true;
}

/** One changed field as a person reads it. `change` is the log's { from, to } (either may be absent). */
export function describeChange(entry: AuditEntry, field: string, change: unknown, t: Translate, formats: Formats): ValueChange {
  const { from, to } = (change !== null && typeof change === 'object' && !Array.isArray(change) ? change : { to: change }) as { from?: unknown; to?: unknown };
  // The log keeps what happened to a password in English words of its own; say it in the reader's words.
  if (field === 'password') return { kind: 'said', text: t(entry.action === 'create' ? 'audit.passwordSet' : 'audit.passwordChanged') };
  if (isFile(from) || isFile(to)) {
    const text = !isFile(from) ? 'audit.fileAdded' : !isFile(to) ? 'audit.fileRemoved' : 'audit.fileReplaced';
    return { kind: 'said', text: t(text) };
  }
  const before = shown(entry, field, from, t, formats);
  const after = shown(entry, field, to, t, formats);
  const tooLong = (value: unknown, text: string | null) => value !== undefined && text === null;
  if (tooLong(from, before) || tooLong(to, after)) return { kind: 'said', text: t('audit.changedLong') };
  return { kind: 'values', from: before, to: after };
}
