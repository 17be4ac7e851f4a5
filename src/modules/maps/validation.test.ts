import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;
let existingId: string;

beforeAll(async () => {
  ctx = await createStaffTestApp('maps-rules@example.org');
  const created = await ctx.app.inject({ method: 'POST', url: '/api/maps', headers: bearer(ctx.authorToken), payload: { name: 'Existing', branch: [] } });
  existingId = created.json()._id;
});
afterAll(async () => ctx.cleanup());

const good = { address: 'Street 1', phone: '+964 (770) 000-0101', email: 'a@example.org' };
/** A city whose branch at `index` has the given fields changed; the branches before it are fine. */
const withBranch = (extra: Record<string, unknown>, index = 1) => ({ name: 'City', branch: [...Array(index).fill(good), { ...good, ...extra }] });

describe('city body rules (create and edit alike)', () => {
  it.each([
    [{ branch: [] }, 'name'],
    [{ name: '', branch: [] }, 'name'],
    [{ name: '    ', branch: [] }, 'name'],
    [{ name: 'n'.repeat(101), branch: [] }, 'name'],
    [{ name: 42, branch: [] }, 'name'],
    [{ name: 'City' }, 'branch'],
    [{ name: 'City', branch: 'none' }, 'branch'],
    [{ name: 'City', branch: Array(51).fill(good) }, 'branch'],
    [{ name: 'City', branch: [], thumbnail: 'https://evil.example/x.png' }, 'thumbnail'],
    [{ name: 'City', branch: [], countryMap: '../../etc/passwd' }, 'countryMap'],
    [{ name: 'City', branch: [], cityMap: '/uploads/a b.png' }, 'cityMap'],
    [{ name: 'City', branch: [], cityMapAdd: 7 }, 'cityMapAdd'],
    [{ name: 'City', branch: [], color: 'red' }, 'color'],
    [withBranch({ address: undefined }), 'branch[1].address'],
    [withBranch({ address: '  ' }), 'branch[1].address'],
    [withBranch({ phone: '' }), 'branch[1].phone'],
    [withBranch({ phone: '0770 abc' }), 'branch[1].phone'],
    [withBranch({ phone: '1'.repeat(33) }), 'branch[1].phone'],
    [withBranch({ email: '' }), 'branch[1].email'],
    [withBranch({ email: 'not-an-email' }), 'branch[1].email'],
    [withBranch({ lat: 'abc' }), 'branch[1].lat'],
    [withBranch({ lat: '200' }), 'branch[1].lat'],
    [withBranch({ lat: 200 }), 'branch[1].lat'],
    [withBranch({ lat: -90.5 }), 'branch[1].lat'],
    [withBranch({ lat: true }), 'branch[1].lat'],
    [withBranch({ lang: 180.1 }), 'branch[1].lang'],
    [withBranch({ lang: '-181' }), 'branch[1].lang'],
    [withBranch({ lang: '1e3' }), 'branch[1].lang'],
    [withBranch({ floor: 3 }), 'branch[1].floor'],
    [withBranch({ phone: '+964 abc' }, 0), 'branch[0].phone'],
  ])('refuses %j with 400 on %s', async (payload, field) => {
    for (const [method, url] of [['POST', '/api/maps'], ['POST', `/api/maps/${existingId}`]] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer(ctx.authorToken), payload });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
  });

  it('explains coordinates and phone numbers in both languages, naming the branch as the form does', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/maps', headers: bearer(ctx.authorToken), payload: withBranch({ lat: 200, lang: '-181', phone: 'call me' }) });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as Array<{ field: string; messageEn: string; messageAr: string }>;
    expect(errors.map((e) => e.field).sort()).toEqual(['branch[1].lang', 'branch[1].lat', 'branch[1].phone']);
    expect(errors.find((e) => e.field === 'branch[1].lat')?.messageEn).toBe('Branch 2: Latitude must be a number between -90 and 90');
    expect(errors.find((e) => e.field === 'branch[1].lang')?.messageAr).toBe('الفرع 2: يجب أن يكون خط الطول رقماً بين -180 و 180');
    expect(errors.find((e) => e.field === 'branch[1].phone')).toMatchObject({
      messageEn: 'Branch 2: Phone number may only contain digits, spaces, +, - and brackets, like +964 770 123 4567',
      messageAr: 'الفرع 2: يجب أن يحتوي رقم الهاتف على أرقام ومسافات و + و - وأقواس فقط، مثل \u2066+964 770 123 4567\u2069',
    });
  });

  it.each([
    ['', null],
    ['  ', null],
    [null, null],
    ['33.3', 33.3],
    [' -33.3 ', -33.3],
    ['90', 90],
    [-90, -90],
    [0, 0],
    ['.5', 0.5],
  ])('parses latitude %j as %j', async (lat, expected) => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/maps/${existingId}`, headers: bearer(ctx.authorToken), payload: { name: 'Existing', branch: [{ ...good, lat, lang: lat }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().branch[0]).toEqual({ ...good, addressAr: '', lat: expected, lang: expected });
  });

  it('accepts longitudes at the edges', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/maps/${existingId}`, headers: bearer(ctx.authorToken), payload: { name: 'Existing', branch: [{ ...good, lang: '-180' }, { ...good, lang: 180 }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().branch.map((b: { lang: number }) => b.lang)).toEqual([-180, 180]);
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/maps', headers: { ...bearer(ctx.authorToken), 'content-type': 'application/json' }, payload: '{"name": "x", "branch": [' });
    expect(response.statusCode).toBe(400);
    errorOf(response.body);
  });
});
