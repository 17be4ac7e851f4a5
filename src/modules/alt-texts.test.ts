// Alt texts on every image staff fill in: "not filled in" (null), "decorative" ('' on purpose)
// and a description are three different things, and nothing else gets through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../test/helpers';

let ctx: StaffTestContext;
beforeAll(async () => {
  ctx = await createStaffTestApp('alt@example.org');
});
afterAll(async () => ctx.cleanup());

const img = (c: string) => `/uploads/${c.repeat(24)}.webp`;
const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: bearer(ctx.authorToken), payload });
const basePost = { title: 'Flyer', describtion: 'A flyer.', language: 'en', type: 'Flyer And Brochure' };

describe('post alt texts', () => {
  it('keeps a description, a decorative mark and "not filled in" apart, each picture with its own', async () => {
    const response = await send('POST', '/api/posts', {
      ...basePost, image: img('a'), imageAlt: '  A flyer: call 533 for help  ',
      pictures: [img('b'), '', img('c'), img('d')], picturesAlt: ['Hotline poster', 'dropped with its empty slot', ''],
    });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post.imageAlt).toBe('A flyer: call 533 for help');
    expect(post.pictures).toEqual([img('b'), img('c'), img('d')]);
    // The empty slot's alt went with it; the missing last one is "not filled in", not decorative.
    expect(post.picturesAlt).toEqual(['Hotline poster', '', null]);
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}` })).json();
    expect(read.picturesAlt).toEqual(['Hotline poster', '', null]);

    const withoutAlt = (await send('POST', '/api/posts', { ...basePost, image: img('e') })).json();
    expect(withoutAlt.imageAlt).toBeNull();
    const decorative = (await send('POST', '/api/posts', { ...basePost, image: img('f'), imageAlt: '' })).json();
    expect(decorative.imageAlt).toBe('');
  });

  it('never takes spaces for "decorative", nor overlong, non-text or surplus alt texts (400 on the field)', async () => {
    for (const [body, field] of [
      [{ imageAlt: '   ' }, 'imageAlt'],
      [{ imageAlt: 'x'.repeat(501) }, 'imageAlt'],
      [{ imageAlt: 42 }, 'imageAlt'],
      [{ picturesAlt: ['ok', ' \n '] }, 'picturesAlt'],
      [{ picturesAlt: Array.from({ length: 21 }, () => 'x') }, 'picturesAlt'],
    ] as const) {
      const response = await send('POST', '/api/posts', { ...basePost, image: img('a'), pictures: [img('b'), img('c')], ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.body).field ?? '').toContain(field);
    }
  });

  it('a PUT without alt texts leaves them "not filled in" (the body replaces the post), and the audit log shows the change', async () => {
    const created = (await send('POST', '/api/posts', { ...basePost, image: img('a'), imageAlt: 'Described' })).json();
    const updated = (await send('PUT', `/api/posts/${created._id}`, { ...basePost, image: img('a') })).json();
    expect(updated.imageAlt).toBeNull();
    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) })).json();
    const entry = audit.entries.find((e: { entityId: string; action: string }) => e.entityId === created._id && e.action === 'update');
    expect(entry.changes.imageAlt).toEqual({ from: 'Described', to: null });
  });
});

describe('About image alt texts (bilingual)', () => {
  const about = (body: Record<string, unknown>) => send('POST', '/api/content/About', { contentEn: 'About', contentAr: 'من نحن', image: img('a'), ...body });

  it('stores both languages, and "decorative" only when both say so', async () => {
    expect((await about({ imageAltEn: 'Our team', imageAltAr: 'فريقنا' })).json()).toMatchObject({ imageAltEn: 'Our team', imageAltAr: 'فريقنا' });
    expect((await about({ imageAltEn: '', imageAltAr: '' })).json()).toMatchObject({ imageAltEn: '', imageAltAr: '' });
    expect((await about({})).json()).toMatchObject({ imageAltEn: null, imageAltAr: null });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/content/About' });
    expect(read.json()).toMatchObject({ imageAltEn: null, imageAltAr: null });
  });

  it('refuses an image decorative in one language and described (or not filled in) in the other', async () => {
    for (const body of [{ imageAltEn: '', imageAltAr: 'فريقنا' }, { imageAltEn: 'Our team', imageAltAr: '' }, { imageAltEn: '' }]) {
      const response = await about(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ messageEn: 'Mark the image decorative in both languages, or describe it in both', field: 'imageAltAr' });
    }
  });
});

describe('city image alt texts (bilingual)', () => {
  const city = (name: string, body: Record<string, unknown>) => send('POST', '/api/maps', { name, thumbnail: img('a'), countryMap: img('b'), cityMap: img('c'), cityMapAdd: img('d'), branch: [], ...body });

  it('stores an English and an Arabic alt text per image', async () => {
    const response = await city('Kirkuk', {
      thumbnailAltEn: '', thumbnailAltAr: '', countryMapAltEn: 'Map of Iraq marking Kirkuk', countryMapAltAr: 'خريطة العراق تبيّن كركوك',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      thumbnailAltEn: '', thumbnailAltAr: '', countryMapAltEn: 'Map of Iraq marking Kirkuk', countryMapAltAr: 'خريطة العراق تبيّن كركوك',
      cityMapAltEn: null, cityMapAltAr: null, cityMapAddAltEn: null, cityMapAddAltAr: null,
    });
  });

  it('refuses a map decorative in one language only, and spaces for an alt text', async () => {
    const mismatch = await city('Duhok', { cityMapAltEn: '', cityMapAltAr: 'خريطة' });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch.body).field).toBe('cityMapAltAr');
    const blank = await city('Duhok', { thumbnailAltEn: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank.body).field).toBe('thumbnailAltEn');
  });
});
