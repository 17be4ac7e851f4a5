// Every public page as a link-preview scraper reads it (a messaging app, a social network): an
// absolute og:image whose declared size is the real one, its description in the page's language,
// and a large summary card.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { makeImage, multipart } from '../../test/upload-files';

let app: FastifyInstance;
let dataDir: string;
const pages: string[] = ['/', '/about', '/ht', '/international', '/servicemap', '/useful_tools', '/seeking_help', '/contact', '/trainingtool',
  '/assessmentform', '/browse-safely', '/search', '/search?keyword=law', '/posts/Iraq', '/e/Emergency', '/e/VOT', '/maps/Erbil', '/no-such-page'];
let postWithPicture = '';
let postWithoutPicture = '';

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/:/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1];
const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function upload(width: number): Promise<string> {
  const { payload, headers } = multipart([{ field: 'image', data: await makeImage('png', width), filename: 'a.png', contentType: 'image/png' }]);
  const answer = await app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer(await login(app, TEST_ADMIN.email, TEST_ADMIN.password)) } });
  return answer.json<string>();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'link-previews-'));
  // The built client's files as far as previews need them: the page template and the site's picture.
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  const root = path.resolve(import.meta.dirname, '..', '..', '..');
  copyFileSync(path.join(root, 'client', 'index.html'), path.join(clientDir, 'index.html'));
  copyFileSync(path.join(root, 'client', 'public', 'share-image.png'), path.join(clientDir, 'share-image.png'));
  app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: clientDir }), { logger: false, pageRenderer: await sourcePageRenderer() });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const picture = await upload(1600);
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: {
    type: 'Iraq', language: 'en', title: 'A post with a picture', describtion: 'Text', image: picture, imageAlt: 'Volunteers at the Erbil office',
  } });
  postWithPicture = `/p/${created.json<{ _id: string }>()._id}`;
  const plain = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'ar', title: 'منشور بلا صورة', describtion: 'نص' } });
  postWithoutPicture = `/p/${plain.json<{ _id: string }>()._id}`;
  await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: {
    name: 'Erbil', countryMap: await upload(800), countryMapAltEn: 'Iraq with Erbil marked', countryMapAltAr: 'العراق وأربيل محددة عليه',
    branch: [{ address: 'Main street 1', phone: '+964 750 000 0000', email: 'erbil@example.org' }],
  } });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('link previews', () => {
  it('every public page, in both languages, has an absolute og:image of its real size, with an alt in its language and a large card', async () => {
    for (const language of ['en', 'ar'] as const) {
      for (const url of [...pages, postWithPicture, postWithoutPicture]) {
        const html = (await app.inject({ method: 'GET', url, headers: { cookie: `i18next=${language}` } })).body;
        const image = meta(html, 'og:image');
        expect({ url, language, image: image?.startsWith('http://localhost:80/') }).toEqual({ url, language, image: true });
        expect(meta(html, 'twitter:card')).toBe('summary_large_image');
        expect(meta(html, 'twitter:image')).toBe(image);
        const alt = unescape(meta(html, 'og:image:alt') ?? '');
        expect(alt.length).toBeGreaterThan(0);
        expect(meta(html, 'twitter:image:alt')).toBe(meta(html, 'og:image:alt'));
        // The picture the address names is there, and its size is the one declared.
        const picture = await app.inject({ method: 'GET', url: new URL(image!).pathname });
        expect({ url, image, status: picture.statusCode }).toEqual({ url, image, status: 200 });
        const size = imageSize(picture.rawPayload);
        expect({ url, width: meta(html, 'og:image:width'), height: meta(html, 'og:image:height') })
          .toEqual({ url, width: String(size.width), height: String(size.height) });
        if (image!.endsWith('/share-image.png')) {
          expect(size).toMatchObject({ width: 1200, height: 630 });
          expect(/[\u0600-\u06FF]/.test(alt)).toBe(language === 'ar');
        }
      }
    }
  });

  it('a page with its own picture is previewed with its 1,200 px variant and the staff\'s alt text', async () => {
    const html = (await app.inject({ method: 'GET', url: postWithPicture })).body;
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/localhost:80\/uploads\/[a-f0-9]{24}-1200w\.webp$/);
    expect(meta(html, 'og:image:alt')).toBe('Volunteers at the Erbil office');
    // An 800 px map is previewed at its own size (never declared 1,200), described in Arabic on the Arabic page.
    const city = (await app.inject({ method: 'GET', url: '/maps/Erbil', headers: { cookie: 'i18next=ar' } })).body;
    expect(meta(city, 'og:image:width')).toBe('800');
    expect(meta(city, 'og:image:alt')).toBe('العراق وأربيل محددة عليه');
  });
});
