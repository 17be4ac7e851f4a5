import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
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
