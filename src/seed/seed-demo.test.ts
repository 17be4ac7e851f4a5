import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadSharp } from '../modules/uploads/images';
import { createTestApp, makeTestConfig, type TestContext } from '../test/helpers';

const POST_TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'];

describe('demo content (SEED_DEMO=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => ctx.cleanup());

  it('has About and human-trafficking texts in both languages, with the About image', async () => {
    const about = (await ctx.app.inject({ url: '/api/content/About' })).json();
    expect(about.contentEn).toContain('533');
    expect(about.contentAr).toMatch(/[\u0600-\u06FF]/);
    expect(about.image).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
    const ht = (await ctx.app.inject({ url: '/api/content/Human%20Trafficing' })).json();
    expect(ht.contentEn.length).toBeGreaterThan(200);
    expect(ht.contentAr).toContain('الاتجار');
  });

  it('has Iraqi cities with branches and four generated images each, served as WebP', async () => {
    const cities = (await ctx.app.inject({ url: '/api/maps' })).json() as { name: string; thumbnail: string; countryMap: string; cityMap: string; cityMapAdd: string; branch: { phone: string }[] }[];
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Baghdad', 'Basra', 'Erbil', 'Mosul', 'Anbar']));
    for (const city of cities) {
      expect(city.branch.length).toBeGreaterThan(0);
      for (const image of [city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd]) expect(image).toMatch(/^\/uploads\//);
    }
    const image = await ctx.app.inject({ url: cities[0].thumbnail });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('gives every demo city its Arabic name and every branch its Arabic address', async () => {
    const cities = (await ctx.app.inject({ url: '/api/maps' })).json() as { name: string; nameAr: string; branch: { addressAr: string }[] }[];
    const arabicNames = Object.fromEntries(cities.map((city) => [city.name, city.nameAr]));
    expect(arabicNames).toMatchObject({ Baghdad: 'بغداد', Basra: 'البصرة', Erbil: 'أربيل', Mosul: 'الموصل', Anbar: 'الأنبار' });
    for (const city of cities) for (const branch of city.branch) expect(branch.addressAr, city.name).toMatch(/^[\u0600-\u06FF]/);
  });

  it('draws each city a thumbnail of its own: no two cities share a picture, by file or by what it shows', async () => {
    const sharp = await loadSharp();
    const cities = (await ctx.app.inject({ url: '/api/maps' })).json() as { thumbnail: string }[];
    expect(new Set(cities.map((city) => city.thumbnail)).size).toBe(cities.length);
    // The pictures themselves, reduced to 16×12 pixels: different drawings, not one drawing five times.
    const looks = await Promise.all(cities.map(async (city) => {
      const file = path.join(ctx.dataDir, 'uploads', path.basename(city.thumbnail));
      return (await sharp(file).resize(16, 12, { fit: 'fill' }).raw().toBuffer()).toString('base64');
    }));
    expect(new Set(looks).size).toBe(cities.length);
  });

  it('links the English and Arabic versions of the same text as translations, both ways', async () => {
    const palermo = (await ctx.app.inject({ url: '/api/posts/s?keyword=palermo' })).json().posts[0];
    expect(palermo.translationOf).toEqual(expect.any(String));
    const arabic = (await ctx.app.inject({ url: `/api/posts/${palermo.translationOf}` })).json();
    expect(arabic).toMatchObject({ language: 'ar', title: 'بروتوكول باليرمو', translationOf: palermo._id });
    // Every Arabic demo post has its English version.
    for (const type of POST_TYPES) {
      const list = (await ctx.app.inject({ url: `/api/posts/${encodeURIComponent(type)}/ar` })).json();
      for (const post of list.posts) expect(post.translationOf, `${type}: ${post.title}`).not.toBeNull();
    }
  });

  it('has the 533 hotline first, VOT contacts and a contact entry of every type', async () => {
    const emergency = (await ctx.app.inject({ url: '/api/emergency/Emergency' })).json() as { value: string; nameAR: string }[];
    expect(emergency[0].value).toBe('533');
    expect(emergency[0].nameAR).toMatch(/[\u0600-\u06FF]/);
    expect((await ctx.app.inject({ url: '/api/emergency/VOT' })).json().length).toBeGreaterThan(0);
    const contacts = (await ctx.app.inject({ url: '/api/contact' })).json() as { type: string }[];
    expect(new Set(contacts.map((c) => c.type))).toEqual(new Set(['phone', 'email', 'facebook', 'twitter', 'instagram', 'youtube', 'linkedin']));
  });

  it('has published posts of every type in both languages, and two pages of Iraqi law in English', async () => {
    for (const type of POST_TYPES) {
      for (const language of ['en', 'ar']) {
        const list = (await ctx.app.inject({ url: `/api/posts/${encodeURIComponent(type)}/${language}` })).json();
        expect(list.posts.length, `${type}/${language}`).toBeGreaterThan(0);
      }
    }
    const iraq = (await ctx.app.inject({ url: '/api/posts/Iraq/en' })).json();
    expect(iraq.pages).toBe(2);
    expect(iraq.posts[0].image).toMatch(/^\/uploads\//);
  });

  it('finds demo posts by Arabic and English search', async () => {
    expect((await ctx.app.inject({ url: `/api/posts/s?keyword=${encodeURIComponent('الإتجار')}` })).json().posts.length).toBeGreaterThan(0);
    expect((await ctx.app.inject({ url: '/api/posts/s?keyword=palermo' })).json().posts.length).toBeGreaterThan(0);
  });

  it('serves the demo PDFs as real PDF documents', async () => {
    const forms = (await ctx.app.inject({ url: '/api/posts/Form/en' })).json();
    const pdf = await ctx.app.inject({ url: forms.posts[0].pdf });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-1.4')).toBe(true);
  });

  it('does not load the demo twice, nor into a database that already has content', async () => {
    const before = (await ctx.app.inject({ url: '/api/posts/Iraq/en' })).json().pages;
    await ctx.app.close();
    const again = await buildApp(makeTestConfig(ctx.dataDir, { SEED_DEMO: '1' }), { logger: false });
    expect((await again.inject({ url: '/api/posts/Iraq/en' })).json().pages).toBe(before);
    expect((await again.inject({ url: '/api/maps' })).json()).toHaveLength(5);
    ctx.app = again;
  });
});

describe('SEED_DEMO=0', () => {
  it('starts empty', async () => {
    const ctx = await createTestApp({ SEED_DEMO: '0' });
    try {
      expect((await ctx.app.inject({ url: '/api/maps' })).json()).toEqual([]);
      expect((await ctx.app.inject({ url: '/api/posts/Iraq/en' })).json()).toEqual({ posts: [], pages: 0 });
    } finally {
      await ctx.cleanup();
      rmSync(ctx.dataDir, { recursive: true, force: true });
    }
  });
});
