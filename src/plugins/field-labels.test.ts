// Validation messages name each field as the dashboard's form labels it, in both languages, with
// the branch (or list item) it belongs to: staff read "Branch 2: Phone number is required", never
// "phone is required".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arabic from '../../client/public/assets/locals/ar/dashboard.json';
import english from '../../client/public/assets/locals/en/dashboard.json';
import { FIELD_LABELS, fieldName, normalFieldPath, type FieldLabel } from '@shared/field-labels';
import { bearer, createStaffTestApp, type StaffTestContext } from '../test/helpers';
import { bilingualField, fieldGroupOf, translate } from './field-labels';

let ctx: StaffTestContext;
beforeAll(async () => {
  ctx = await createStaffTestApp('labels-author@example.org');
});
afterAll(async () => ctx.cleanup());

type Item = { messageEn: string; messageAr: string; field: string | null };
async function errorsOf(method: 'POST' | 'PUT', url: string, payload: unknown, token = ctx.authorToken): Promise<Item[]> {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  expect(response.statusCode).toBe(400);
  return response.json().errors as Item[];
}

describe('validation messages name fields as the forms label them', () => {
  it('a branch field missing in the second branch reads "Branch 2: Phone number is required" in English and Arabic', async () => {
    const good = { address: 'Street 1', phone: '0770 000 0101', email: 'a@example.org' };
    const errors = await errorsOf('POST', '/api/maps', { name: 'Erbil', branch: [good, { address: 'Street 2', email: 'b@example.org' }] });
    expect(errors).toEqual([{ field: 'branch[1].phone', messageEn: 'Branch 2: Phone number is required', messageAr: 'الفرع 2: رقم الهاتف مطلوب' }]);
  });

  it('the emergency form\'s number is "Number", the post form\'s title is "Title", the city form\'s name is "City name"', async () => {
    const [number] = await errorsOf('POST', '/api/emergency', { type: 'VOT', value: '', nameEN: 'Shelter', nameAR: 'دار' });
    expect(number).toMatchObject({ field: 'value', messageEn: 'Number is required', messageAr: 'الرقم مطلوب' });
    const [title] = await errorsOf('POST', '/api/posts', { title: 't'.repeat(151), describtion: 'x', language: 'en', type: 'Guide' });
    expect(title).toMatchObject({ field: 'title', messageEn: 'Title must be at most 150 characters' });
    const [city] = await errorsOf('POST', '/api/maps', { name: '', branch: [] });
    expect(city).toMatchObject({ field: 'name', messageEn: 'City name is required', messageAr: 'اسم المدينة مطلوب' });
  });

  it('a field no form has keeps its own name, and a body that is not an object is "the request"', async () => {
    const [extra] = await errorsOf('POST', '/api/emergency', { type: 'VOT', value: '1', nameEN: 'a', nameAR: 'ب', priority: 1 });
    expect(extra).toMatchObject({ field: 'priority', messageEn: 'priority is not an allowed field' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { ...bearer(ctx.authorToken), 'content-type': 'application/json' }, payload: '[1, 2]' });
    expect(response.json().errors[0]).toMatchObject({ field: null, messageEn: 'The request must be of type object', messageAr: 'نوع الطلب غير صحيح' });
  });

  it('names list items by their place, counted from 1', () => {
    expect(fieldName('content-bundles', 'trustedKeys.2', translate.en)).toBe('Trusted key 3');
    expect(fieldName('posts', 'picturesAlt.0', translate.ar)).toBe('النص البديل للصورة 1');
    expect(fieldName('maps', 'cityMapAddAltAr', translate.en)).toBe('Text alternative for City map with address (Arabic)');
    expect(bilingualField('maps', 'branch[0].lat').ar).toEqual({ context: 'الفرع 1: ', label: 'خط العرض' });
    expect(fieldName('maps', 'branch[0].floor', translate.en)).toBeNull();
    expect(normalFieldPath('branch.1.phone')).toBe('branch[1].phone');
    expect(normalFieldPath('trustedKeys.0')).toBe('trustedKeys[0]');
  });

  it('knows a route\'s group from its pattern only', () => {
    expect(fieldGroupOf('/api/maps/:id')).toBe('maps');
    expect(fieldGroupOf('/api/content-bundles/settings')).toBe('content-bundles');
    expect(fieldGroupOf('/api/audit')).toBeNull();
    expect(fieldGroupOf(undefined)).toBeNull();
  });

  it('every label it names exists in both dashboard translation files', () => {
    const missing: string[] = [];
    const has = (dictionary: unknown, key: string) => typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary) === 'string';
    const check = (label: FieldLabel) => {
      for (const key of [label.key, ...Object.values(label.values ?? {}), ...(label.item ? [label.item] : [])]) {
        for (const [language, dictionary] of [['en', english], ['ar', arabic]] as const) if (!has(dictionary, key)) missing.push(`${language}: ${key}`);
      }
      Object.values(label.fields ?? {}).forEach(check);
    };
    Object.values(FIELD_LABELS).forEach((group) => Object.values(group).forEach(check));
    expect(missing).toEqual([]);
  });
});
