// The audit log reads as staff speak: fields by their form labels, values translated, files and
// long texts described rather than shown, in English and Arabic.
import { describe, expect, it } from 'vitest';
import arabic from '../../../../public/assets/locals/ar/dashboard.json';
import english from '../../../../public/assets/locals/en/dashboard.json';
import type { AuditEntry } from '@shared/api-types';
import { changedFieldLabel, describeChange, itemName, linkOf, worthShowing } from './auditWording';

/** Enough of i18next for these texts: nested keys, {{placeholders}}, and _one/_other plurals. */
const translator = (dictionary: unknown) => (key: string, values: Record<string, string | number> = {}) => {
  const lookup = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
  const found = lookup(key) ?? (typeof values.count === 'number' ? lookup(`${key}_${values.count === 1 ? 'one' : 'other'}`) : undefined);
  return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')) : '';
};
const en = translator(english);
const ar = translator(arabic);
const formats = { date: (iso: string) => iso.slice(0, 10), number: (value: number) => String(value) };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1', at: '2026-01-01T00:00:00.000Z', userId: 'u1', userEmail: 'a@example.org', userName: 'A', action: 'update', entity: 'post',
  entityId: 'p1', entityName: 'Referral guide', entityNameAr: null, exists: true, changes: {}, ...over,
});

describe('audit wording', () => {
  it('names changed fields by their form labels', () => {
    expect(changedFieldLabel(entry({}), 'describtion', en)).toBe('Description');
    expect(changedFieldLabel(entry({ entity: 'city' }), 'cityMapAddAltAr', en)).toBe('Text alternative for City map with address (Arabic)');
    expect(changedFieldLabel(entry({ entity: 'user' }), 'isAdmin', ar)).toBe('مدير');
    expect(changedFieldLabel(entry({ entity: 'emergency' }), 'value', ar)).toBe('الرقم');
  });

  it('shows short values before and after, translated, and only says that files and long texts changed', () => {
    expect(describeChange(entry({}), 'type', { from: 'Guide', to: 'Iraq' }, en, formats)).toEqual({ kind: 'values', from: 'Guide', to: 'Iraqi law' });
    expect(describeChange(entry({}), 'state', { from: 'draft', to: 'published' }, ar, formats)).toEqual({ kind: 'values', from: 'مسودة', to: 'منشور' });
    expect(describeChange(entry({ entity: 'user' }), 'active', { from: true, to: false }, en, formats)).toEqual({ kind: 'values', from: 'Active', to: 'Disabled' });
    expect(describeChange(entry({}), 'image', { from: '', to: '/uploads/a.webp' }, en, formats)).toEqual({ kind: 'said', text: 'file added' });
    expect(describeChange(entry({}), 'describtion', { from: 'x'.repeat(81), to: 'y' }, en, formats)).toEqual({ kind: 'said', text: 'changed (too long to show here)' });
    expect(describeChange(entry({ entity: 'city' }), 'branch', { from: [{}, {}], to: [{}] }, en, formats)).toEqual({ kind: 'values', from: '2 branches', to: '1 branch' });
    expect(describeChange(entry({ entity: 'user' }), 'password', { to: 'reset by an administrator' }, ar, formats).kind).toBe('said');
    // A new post's empty fields are not listed; a change to empty is.
    expect(worthShowing({ action: 'create' }, { to: '' })).toBe(false);
    expect(worthShowing({ action: 'create' }, { to: [] })).toBe(false);
    expect(worthShowing({ action: 'update' }, { from: 'x', to: '' })).toBe(true);
  });

  it('names the item in the reader\'s language and links to it only while it exists', () => {
    expect(itemName(entry({ entity: 'emergency', entityName: 'Police', entityNameAr: 'الشرطة' }), 'ar', ar)).toBe('الشرطة');
    expect(itemName(entry({ entity: 'content', entityId: 'About' }), 'en', en)).toBe('About');
    expect(linkOf(entry({}))).toBe('/posts/p1');
    expect(linkOf(entry({ exists: false }))).toBeNull();
    expect(linkOf(entry({ entity: 'settings', entityId: 'site' }))).toBe('/settings');
  });
});
