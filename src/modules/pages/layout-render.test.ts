// The server renders the layout around a screen (safety band, header, menus, Back link) once per
// language and layout key, and each page's screen into it (client/src/entry-server.tsx). The
// browser hydrates the whole tree: any byte that differs from the whole tree rendered at once is a
// hydration mismatch. Every kind of public page, in both languages, is compared here, the layouts
// shared across all of them as the server shares them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import type { Language } from '@shared/domain';
import type { PreparedAnswers } from '@shared/page-data';
import { pageDataLoader } from './page-data';
import type { LayoutMemory, PageRenderer } from './renderer';

let app: FastifyInstance;
let dataDir: string;
let renderer: PageRenderer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'layout-render-'));
  renderer = await sourcePageRenderer();
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: renderer });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const post = async (body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', ...body } });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: { quickExitUrl: 'https://example.org/weather?a=1&b=<2>' } });
  ids.english = await post({ title: 'Law explained', describtion: 'The law protects victims. '.repeat(30), image: '/uploads/a.webp', imageAlt: 'A court', pictures: ['/uploads/b.webp', '/uploads/c.webp'], picturesAlt: ['One', null], video: 'dQw4w9WgXcQ', pdf: '/uploads/d.pdf' });
  ids.arabic = await post({ title: 'قانون مكافحة الاتجار', describtion: 'يحمي القانون الضحايا 533.', language: 'ar', translationOf: ids.english });
  ids.hostile = await post({ title: 'Hostile </script><!-- & "quotes"', describtion: 'Line\u2028break $& $1 <b>bold</b>', type: 'International' });
  for (let index = 0; index < 12; index += 1) await post({ title: `Filler ${index}`, describtion: 'Filler', type: 'Guide' });
  await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: { name: 'أربيل', branch: [{ address: 'شارع 1', phone: '+964 750 000 0000', email: 'erbil@example.org' }] } });
  await app.inject({ method: 'POST', url: '/api/emergency', headers: bearer(token), payload: { type: 'Emergency', value: '104', nameEN: 'Police', nameAR: 'الشرطة' } });
  await app.inject({ method: 'POST', url: '/api/contact', headers: bearer(token), payload: { type: 'phone', value: '+964 770 123 4567' } });
  await app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'We help survivors.', contentAr: 'نحن نساعد الناجين.' } });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every kind of public address: the menu's pages, lists, posts, places, search, small pages, odd spellings, missing pages. */
const unprefixed = () => [
  '/', '/about', '/ht', '/international', '/servicemap', '/useful_tools', '/seeking_help', '/contact', '/browse-safely', '/test',
  '/trainingtool', '/assessmentform', '/posts/Iraq', '/posts/International', '/posts/Guide?p=2', '/posts/Nothing',
  `/p/${ids.english}`, `/p/${ids.arabic}`, `/p/${ids.hostile}`, '/p/000000000000000000000000',
  `/maps/${encodeURIComponent('أربيل')}`, '/maps/Nowhere', '/e/Emergency', '/e/Unknown', '/search', '/search?keyword=law',
  '/about/', '/ABOUT', '/P/' + ids.english, '/nothing-here', '/posts', '/%E0%A4%A',
];

/** Each of them at both language addresses too (/ar/about: the router's base is the prefix), and odd prefixes. */
const addresses = () => [
  ...unprefixed().flatMap((address) => [address, `/ar${address}`, `/en${address}`]),
  '/ar/', '/en/', '/AR/about', '/fr/about', '/ar/search?keyword=law', '/en/posts/Guide?p=2',
];

async function inputFor(url: string, language: Language) {
  const load = pageDataLoader(app);
  const [pathname, search = ''] = url.split('?');
  const answers: PreparedAnswers = {};
  for (const { path: apiPath, request } of renderer.entry.dataForPage(pathname, search, language)) answers[apiPath] = (await load(request)).answer;
  return { url, language, answers };
}

describe('the layout rendered once', () => {
  it('gives every public page, in both languages, the very bytes of the whole tree rendered at once', async () => {
    const memory: LayoutMemory = new Map();
    const pages = addresses().flatMap((url) => (['ar', 'en'] as const).map((language) => ({ url, language })));
    for (const { url, language } of pages) {
      const input = await inputFor(url, language);
      const whole = renderer.entry.render(input);
      const fromLayout = renderer.entry.render(input, memory);
      expect(fromLayout.html, `${language} ${url}`).toBe(whole.html);
      expect(fromLayout.facts, `${language} ${url}`).toEqual(whole.facts);
    }
    // Layouts are shared: far fewer than pages (each post, list and place page shares its kind's).
    expect(memory.size).toBeGreaterThan(2);
    expect(memory.size).toBeLessThan(pages.length / 2);
  });

  it('renders the same page the same way whether its layout was made for it or for another page', async () => {
    const memory: LayoutMemory = new Map();
    for (const language of ['en', 'ar'] as const) {
      const first = await inputFor(`/p/${ids.hostile}`, language);
      const second = await inputFor(`/p/${ids.arabic}`, language);
      renderer.entry.render(first, memory);
      const layouts = memory.size;
      expect(renderer.entry.render(second, memory).html).toBe(renderer.entry.render(second).html);
      expect(memory.size).toBe(layouts);
    }
  });
});
