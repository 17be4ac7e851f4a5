// A headquarters bundle that carries the id of something a field office made itself (a post, a
// city, an emergency number, a contact), whether by a clash or on purpose: the office's item is
// never changed, and the next full bundle, which no longer carries it, does not delete it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from '../../test/helpers';
import { writeBundle } from './archive';
import { emptyContent, type BundleContent, type CityItem, type ContactItem, type EmergencyItem, type PostItem } from './format';
import { importBundle, type ImportReport } from './import';
import { generateSigningKey } from './keys';
import { bundleSiteOf } from './site';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-office-own-'));
const key = generateSigningKey(path.join(scratch, 'key.pem'));
const hqUploads = path.join(scratch, 'hq-uploads');
mkdirSync(hqUploads);
let office: TestContext;
let token: string;
let bundles = 0;
const own: Record<'post' | 'city' | 'emergency' | 'contact', string> = { post: '', city: '', emergency: '', contact: '' };
const AT = '2026-02-01T00:00:00.000Z';

async function created(url: string, payload: object): Promise<string> {
  const answer = await office.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ _id: string }>()._id;
}

/** Every row of the office's own four items, as the database holds them. */
function ownRows(): unknown[] {
  const row = (table: string, id: string) => office.app.sqlite.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id);
  return [row('posts', own.post), row('cities', own.city), row('emergency', own.emergency), row('contacts', own.contact)];
}

const post = (id: string, title: string): PostItem => ({
  id, title, description: 'From headquarters', image: '', imageAlt: null, pictures: [], picturesAlt: [], video: '', language: 'en', type: 'Iraq', pdf: '',
  views: 0, authorId: null, authorName: null, createdAt: AT, updatedAt: AT, translationOf: null,
});
const city = (id: string, name: string): CityItem => ({
  id, name, nameAr: '', thumbnail: '', countryMap: '', cityMap: '', cityMapAdd: '', thumbnailAltEn: null, thumbnailAltAr: null, countryMapAltEn: null, countryMapAltAr: null,
  cityMapAltEn: null, cityMapAltAr: null, cityMapAddAltEn: null, cityMapAddAltAr: null, branches: [{ address: 'HQ street', addressAr: '', phone: '+964 750 111 1111', email: 'hq@example.org', lat: null, lng: null }], createdAt: AT, updatedAt: AT,
});
const emergency = (id: string): EmergencyItem => ({ id, type: 'Emergency', value: '999', nameEn: 'HQ line', nameAr: 'خط المقر', icon: '', createdAt: AT });
const contact = (id: string): ContactItem => ({ id, type: 'phone', value: '+964 750 222 2222', createdAt: AT });

async function apply(content: Partial<BundleContent>): Promise<ImportReport> {
  bundles += 1;
  const { file } = await writeBundle(path.join(scratch, `b${bundles}.tar.gz`), {
    bundleId: `20260201-0000${String(bundles).padStart(2, '0')}-abcdef`, baseBundleId: null, createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, bundles)).toISOString(),
    sourceName: 'HQ', content: { ...emptyContent(), ...content }, uploadsDir: hqUploads, signingKey: key,
  });
  return importBundle(file, bundleSiteOf(office.app), {
    dataDir: office.config.dataDir, databaseFile: office.config.databaseFile, uploadsDir: office.config.uploadsDir, trustedKeys: new Set([key.publicKeyLine]), actor: { id: null, email: 'test' },
  });
}

beforeAll(async () => {
  office = await createTestApp();
  token = await login(office.app, TEST_ADMIN.email, TEST_ADMIN.password);
  own.post = await created('/api/posts', { title: 'Office post', describtion: 'Made at the office', language: 'en', type: 'Iraq' });
  own.city = await created('/api/maps', { name: 'Zakho', branch: [{ address: 'Office street', phone: '+964 750 000 0000', email: 'office@example.org' }] });
  own.emergency = await created('/api/emergency', { type: 'Emergency', value: '104', nameEN: 'Office police', nameAR: 'شرطة المكتب' });
  own.contact = await created('/api/contact', { type: 'phone', value: '+964 770 000 0000' });
});
afterAll(async () => {
  await office.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('items a field office made itself', () => {
  it('are never changed by a bundle that carries their ids, and never deleted by the next full bundle', async () => {
    const before = ownRows();
    const first = await apply({
      posts: [post(own.post, 'Headquarters overwrites the office post'), post('ffffffffffffffffffffffff', 'A headquarters post')],
      cities: [city(own.city, 'Headquarters city')], emergency: [emergency(own.emergency)], contacts: [contact(own.contact)],
    });
    expect(first.keptOwn).toBe(4);
    expect(first.changes.posts).toMatchObject({ added: 1, updated: 0, deleted: 0 });
    expect(first.changes.contacts).toMatchObject({ added: 0, updated: 0 });
    expect(ownRows()).toEqual(before);
    // The next full bundle no longer carries them: still the office's, still there.
    const second = await apply({ posts: [post('ffffffffffffffffffffffff', 'A headquarters post, edited')] });
    expect(second.changes.posts).toMatchObject({ updated: 1, deleted: 0 });
    expect(second.changes.contacts.deleted + second.changes.cities.deleted + second.changes.emergency.deleted).toBe(0);
    expect(ownRows()).toEqual(before);
    // What headquarters brought is still headquarters' to change and remove.
    const third = await apply({});
    expect(third.changes.posts).toMatchObject({ deleted: 1 });
    expect(ownRows()).toEqual(before);
    expect((await office.app.inject({ method: 'GET', url: `/api/posts/${own.post}` })).json<{ title: string }>().title).toBe('Office post');
  });
});
