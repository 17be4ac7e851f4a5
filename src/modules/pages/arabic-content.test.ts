// The server's pages as an Arabic reader gets them: a city's Arabic name and addresses (the Latin
// text where none was written), and staff text whose phone numbers, e-mails and Latin runs are
// isolated left to right, phone numbers tap-to-call, without ever becoming HTML.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

let app: FastifyInstance;
let dataDir: string;
let token: string;
const ids: Record<string, string> = {};
const inArabic = { cookie: 'i18next=ar' };
const page = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};
/** The rendered screen only (the head and the hydration data repeat the texts). */
const screen = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function create(url: string, payload: object): Promise<string> {
  const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pages-arabic-'));
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: await sourcePageRenderer() });
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const branch = { phone: '+964 750 000 0301', email: 'erbil@example.org' };
  await create('/api/maps', { name: 'Erbil', nameAr: 'أربيل', branch: [{ ...branch, address: '100m Road, near Family Mall', addressAr: 'شارع المئة متر، قرب Family Mall' }] });
  await create('/api/maps', { name: 'Kirkuk', branch: [{ ...branch, address: '100m Road, Kirkuk' }] });
  ids.arabicPost = await create('/api/posts', {
    type: 'Guide', language: 'ar', title: 'دليل الاتصال بمكتب Erbil',
    describtion: 'يجيب مكتب أربيل على الرقم +964 750 000 0301 أو راسلونا على erbil@example.org.\n<img src=x onerror=alert(1)> 0770 000 0999</p><script>alert(2)</script>',
  });
  await app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'Call us on +964 770 000 0100.', contentAr: 'اتصلوا بنا على +964 770 000 0100.' } });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cities on Arabic pages', () => {
  it('name the city and its branch in Arabic on its Arabic page, and keep the Latin name in the address', async () => {
    const html = await page('/maps/Erbil', inArabic);
    expect(titleOf(html)).toMatch(/^أربيل \| /);
    const body = screen(html);
    expect(body).toMatch(/<h1>أربيل<\/h1>/);
    expect(body).toContain('شارع المئة متر، قرب <bdi dir="ltr">Family Mall</bdi>');
    expect(body).not.toContain('100m Road');
  });

  it('are in Arabic at the Arabic address without any cookie (a search engine\'s view), and in Latin letters at the English one', async () => {
    const arabic = screen(await page('/ar/maps/Erbil'));
    expect(arabic).toMatch(/<h1>أربيل<\/h1>/);
    expect(arabic).toContain('شارع المئة متر');
    expect(screen(await page('/ar/servicemap'))).toMatch(/<span class="city-name">أربيل<\/span>/);
    expect(screen(await page('/en/maps/Erbil', inArabic))).toMatch(/<h1>Erbil<\/h1>/);
  });

  it('stay in Latin letters on English pages', async () => {
    const body = screen(await page('/maps/Erbil'));
    expect(body).toMatch(/<h1>Erbil<\/h1>/);
    expect(body).toContain('100m Road, near Family Mall');
    expect(body).not.toContain('أربيل');
  });

  it('fall back to the Latin name and address, marked as such and kept left to right, where no Arabic was written', async () => {
    const body = screen(await page('/maps/Kirkuk', inArabic));
    expect(body).toContain('<h1><bdi dir="ltr" lang="en">Kirkuk</bdi></h1>');
    expect(body).toContain('<bdi dir="ltr" lang="en">100m Road, Kirkuk</bdi>');
  });

  it('are listed by their Arabic names on the Arabic service map, each card linking to the Latin address', async () => {
    const body = screen(await page('/servicemap', inArabic));
    expect(body).toMatch(/<a href="\/maps\/Erbil"[^>]*>[\s\S]*?<span class="city-name">أربيل<\/span>/);
    expect(body).toMatch(/<a href="\/maps\/Kirkuk"[^>]*>[\s\S]*?<span class="city-name"><bdi dir="ltr" lang="en">Kirkuk<\/bdi><\/span>/);
  });
});

describe('staff text on public pages', () => {
  it('isolates a phone number in an Arabic post left to right and makes it a tap-to-call link', async () => {
    const body = screen(await page(`/p/${ids.arabicPost}`, inArabic));
    expect(body).toContain('<a href="tel:+9647500000301"><bdi dir="ltr">+964 750 000 0301</bdi></a>');
    expect(body).toContain('<bdi dir="ltr">erbil@example.org</bdi>');
    expect(body).toContain('<h1>دليل الاتصال بمكتب <bdi dir="ltr">Erbil</bdi></h1>');
  });

  it('never lets the text become markup: tags stay text, with their phone number still isolated', async () => {
    const body = screen(await page(`/p/${ids.arabicPost}`, inArabic));
    expect(body).toContain('&lt;<bdi dir="ltr">img src=x onerror=alert(1</bdi>)&gt; <a href="tel:07700000999"><bdi dir="ltr">0770 000 0999</bdi></a>&lt;/');
    expect(body).not.toMatch(/<img src=x|<script>alert/);
  });

  it('isolates the phone numbers of page texts in both languages and makes them tap-to-call', async () => {
    expect(screen(await page('/about', inArabic))).toContain('اتصلوا بنا على <a href="tel:+9647700000100"><bdi dir="ltr">+964 770 000 0100</bdi></a>.');
    expect(screen(await page('/about'))).toContain('Call us on <a href="tel:+9647700000100"><bdi dir="ltr">+964 770 000 0100</bdi></a>.');
  });

  it('isolates the phone number in a post card\'s excerpt without making the card a nest of links', async () => {
    const excerpt = /<p class="excerpt"[\s\S]*?<\/p>/.exec(screen(await page('/posts/Guide', inArabic)))?.[0];
    expect(excerpt).toContain('الرقم <bdi dir="ltr">+964 750 000 0301</bdi> أو');
    expect(excerpt).not.toContain('<a ');
  });
});
