// The public site as a client without JavaScript sees it (curl, a link-preview robot, a search
// engine): content, metadata, language, statuses, machine files and HTTP caching.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, createAuthor, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { withAppAfterFirstPaint } from './document';
import { makeImage } from '../../test/upload-files';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

let app: FastifyInstance;
let dataDir: string;
let token: string;
const ids: Record<string, string> = {};
const EXIT_URL = 'https://example.org/weather';

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const inArabic = { cookie: 'i18next=ar' };

async function createPost(body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', ...body } });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>()._id;
}

/** The JSON the page carries for hydration, parsed as the browser does. */
function pageData(html: string): { language: string; answers: Record<string, unknown> } {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]) as { language: string; answers: Record<string, unknown> };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pages-test-'));
  const config = makeTestConfig(dataDir);
  app = await buildApp(config, { logger: false, pageRenderer: await sourcePageRenderer() });
  const adminToken = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  token = (await createAuthor(app, adminToken, 'pages-author@example.org')).token;
  await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(adminToken), payload: { quickExitUrl: EXIT_URL } });

  // Pictures: one with a 1,200 px variant beside it, one without.
  for (const [name, width] of [['withvariant.webp', 2000], ['withvariant-1200w.webp', 1200], ['plain.webp', 800]] as const) {
    writeFileSync(path.join(config.uploadsDir, name), await makeImage('webp', width));
  }
  ids.english = await createPost({ title: 'Trafficking law explained', describtion: 'The law protects victims. '.repeat(20), image: '/uploads/withvariant.webp' });
  ids.arabic = await createPost({ title: 'قانون مكافحة الاتجار', describtion: 'يحمي القانون الضحايا.', language: 'ar', image: '/uploads/plain.webp' });
  ids.draft = await createPost({ title: 'Secret draft title', describtion: 'Not yet', state: 'draft' });
  // Text that would break a page or a feed if it were not escaped.
  ids.hostile = await createPost({
    title: 'Hostile ]]> </script><script>alert(1)</script> & \u0001 title',
    describtion: 'Line\u2028separator </script><!-- $& $1 \u0008 end',
  });
  for (let index = 0; index < 10; index += 1) await createPost({ title: `Filler post ${index}`, describtion: 'Filler', type: 'International' });

  const city = await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: {
    name: 'Erbil', branch: [{ address: 'Main street 1', phone: '+964 750 000 0000', email: 'erbil@example.org' }],
  } });
  expect(city.statusCode).toBe(201);
  await app.inject({ method: 'POST', url: '/api/emergency', headers: bearer(token), payload: { type: 'Emergency', value: '104', nameEN: 'Police', nameAR: 'الشرطة' } });
  await app.inject({ method: 'POST', url: '/api/contact', headers: bearer(token), payload: { type: 'phone', value: '+964 770 123 4567' } });
  await app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'We help survivors.', contentAr: 'نحن نساعد الناجين.' } });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pages without JavaScript', () => {
  it('renders the home page with its menu, 533, a quick exit that is a plain link, in English by default', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain('<title>Anti-Trafficking Iraq</title>');
    for (const href of ['/ht', '/servicemap', '/seeking_help', '/about', '/international', '/useful_tools', '/contact']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="tel:533"');
    expect(html).toMatch(new RegExp(`<a href="${EXIT_URL}" role="button"[^>]*class="quick-exit"`));
    expect(pageData(html).language).toBe('en');
  });

  it('answers in Arabic, right to left, from the i18next cookie or from Accept-Language', async () => {
    for (const headers of [inArabic, { 'accept-language': 'fr-FR, ar-IQ;q=0.8, en;q=0.5' }]) {
      const html = (await get('/', headers)).body;
      expect(html).toMatch(/<html lang="ar" dir="rtl"/);
      expect(html).toContain('معاً ضد الاتجار بالبشر');
      expect(metaContent(html, 'og:locale')).toBe('ar_IQ');
    }
    // The cookie (the visitor's own choice) wins over the browser's language.
    expect((await get('/', { cookie: 'i18next=en', 'accept-language': 'ar' })).body).toMatch(/<html lang="en" dir="ltr"/);
    // An unsupported cookie value falls back to Accept-Language, then English.
    expect((await get('/', { cookie: 'i18next=%E0%A4%A', 'accept-language': 'de' })).body).toMatch(/<html lang="en"/);
  });

  it('lists the published posts of a type in the visitor\'s language, with real pagination links', async () => {
    const english = (await get('/posts/Iraq')).body;
    expect(english).toContain('Trafficking law explained');
    expect(english).not.toContain('قانون مكافحة الاتجار');
    expect(english).not.toContain('Secret draft title');
    expect(english).toMatch(/<title>Iraq[^<]*\| Anti-Trafficking Iraq<\/title>/);
    const arabic = (await get('/posts/Iraq', inArabic)).body;
    expect(arabic).toContain('قانون مكافحة الاتجار');
    expect(arabic).not.toContain('Trafficking law explained');

    const first = (await get('/posts/International')).body;
    expect(first).toContain('href="/posts/International?p=2"');
    const second = (await get('/posts/International?p=2')).body;
    expect(second).toContain('Filler post 0');
    expect(second).not.toContain('Filler post 9');
    expect(second).toContain('<link rel="canonical" href="http://localhost:80/en/posts/International?p=2" />');
  });

  it('renders a post with its title, description, absolute 1,200 px og:image and its own language', async () => {
    const html = (await get(`/p/${ids.english}`, inArabic)).body;
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain('<title>Trafficking law explained | مكافحة الاتجار بالبشر - العراق</title>');
    expect(metaContent(html, 'og:title')).toBe('Trafficking law explained');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:locale')).toBe('en_US');
    expect(metaContent(html, 'og:image')).toBe('http://localhost:80/uploads/withvariant-1200w.webp');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const description = metaContent(html, 'og:description')!;
    expect(description.startsWith('The law protects victims.')).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(200);
    expect(html).toMatch(/<article class="page post-detail" lang="en" dir="ltr">/);
    expect(html).toContain('The law protects victims.');

    const arabic = (await get(`/p/${ids.arabic}`)).body;
    expect(arabic).toMatch(/<article class="page post-detail" lang="ar" dir="rtl">/);
    // No variant on disk: the original picture, still absolute.
    expect(metaContent(arabic, 'og:image')).toBe('http://localhost:80/uploads/plain.webp');
  });

  it('keeps hostile post text inert in the page and in its hydration data', async () => {
    const html = (await get(`/p/${ids.hostile}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    const data = pageData(html);
    const post = data.answers[`/api/posts/${ids.hostile}`] as { data: { title: string; describtion: string } };
    expect(post.data.title).toContain('</script><script>alert(1)</script>');
    expect(post.data.describtion).toContain('Line\u2028separator </script><!-- $& $1');
    expect(html).toContain('$&amp; $1');
  });

  it('shows the service map, a city, emergency numbers, contact details and the About text', async () => {
    expect((await get('/servicemap')).body).toContain('href="/maps/Erbil"');
    const city = (await get('/maps/erbil')).body;
    expect(city).toContain('Main street 1');
    expect(city).toContain('href="tel:+9647500000000"');
    const emergency = (await get('/e/Emergency', inArabic)).body;
    expect(emergency).toContain('الشرطة');
    expect(emergency).toContain('href="tel:104"');
    expect((await get('/contact')).body).toContain('href="tel:+9647701234567"');
    expect((await get('/about', inArabic)).body).toContain('نحن نساعد الناجين.');
  });

  it('searches with a plain GET form at /search?keyword=, and keeps the older ?q= links working', async () => {
    const empty = (await get('/search')).body;
    const form = /<form role="search"[^>]*>/.exec(empty)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(empty).toMatch(/<input id="search-keyword"[^>]* name="keyword"/);
    for (const url of ['/search?keyword=trafficking', '/search?q=trafficking']) {
      const html = (await get(url)).body;
      expect(html).toContain('Trafficking law explained');
      expect(html).not.toContain('Secret draft title');
      expect(metaContent(html, 'robots')).toBe('noindex');
    }
    // Longer than the API allows: the page says so instead of failing.
    const tooLong = await get(`/search?keyword=${'a'.repeat(300)}`);
    expect(tooLong.statusCode).toBe(200);
    expect(tooLong.body).toContain('role="alert"');
  });
});

describe('real statuses', () => {
  it('answers 404 with the bilingual not-found page for unknown pages, posts, drafts, cities and types', async () => {
    const missing = ['/no-such-page', '/p/000000000000000000000000', `/p/${ids.draft}`, '/p/bad$id', '/maps/Atlantis',
      '/posts/Nonsense', '/e/Nonsense', '/about/extra'];
    for (const url of missing) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Page not found');
      expect(response.body).toContain('الصفحة غير موجودة');
      expect(metaContent(response.body, 'robots')).toBe('noindex');
    }
    // A draft's title never leaks into its public 404.
    expect((await get(`/p/${ids.draft}`)).body).not.toContain('Secret draft title');
  });

  it('keeps the API\'s JSON 404 and never serves the server render\'s own files', async () => {
    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errors: [{ messageAr: expect.any(String) }] });
  });
});

describe('for machines', () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  it('robots.txt allows the site and keeps robots out of the dashboard, login and API', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /dashboard\nDisallow: /login_page_2022\nDisallow: /api/');
    expect(response.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('sitemap.xml is valid XML with the public pages and every published post, never a draft', async () => {
    const xml = (await get('/sitemap.xml')).body;
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = (parser.parse(xml).urlset.url as Array<{ loc: string; lastmod?: string }>);
    const locs = urls.map((url) => url.loc);
    // Each page once per language; each post once, in its own language.
    for (const language of ['en', 'ar']) {
      expect(locs).toContain(`http://localhost:80/${language}/`);
      expect(locs).toContain(`http://localhost:80/${language}/maps/Erbil`);
      expect(locs).toContain(`http://localhost:80/${language}/posts/Flyer%20And%20Brochure`);
    }
    for (const id of [ids.english, ids.hostile]) expect(locs).toContain(`http://localhost:80/en/p/${id}`);
    expect(locs).toContain(`http://localhost:80/ar/p/${ids.arabic}`);
    expect(locs.filter((loc) => loc.includes(ids.draft))).toEqual([]);
    expect(urls.find((url) => url.loc.endsWith(ids.english))?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('each language has an RSS 2.0 feed of its newest published posts, valid even with hostile titles', async () => {
    for (const language of ['en', 'ar']) {
      const response = await get(`/feed/${language}.xml`);
      expect(response.headers['content-type']).toContain('application/rss+xml');
      expect(XMLValidator.validate(response.body)).toBe(true);
      const channel = parser.parse(response.body).rss.channel;
      const items = [channel.item].flat() as Array<{ title: string; link: string }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(20);
      expect(items.some((item) => item.title === 'Secret draft title')).toBe(false);
      // Each post at its canonical address, in its language.
      if (language === 'ar') expect(items.map((item) => item.link)).toEqual([`http://localhost:80/ar/p/${ids.arabic}`]);
      else expect(items.map((item) => item.link)).toContain(`http://localhost:80/en/p/${ids.hostile}`);
    }
    expect((await get('/feed/fr.xml')).statusCode).toBe(404);
  });
});

describe('HTTP caching', () => {
  it('pages and public API reads carry an ETag and answer 304 to If-None-Match', async () => {
    for (const url of ['/posts/Iraq', `/p/${ids.english}`, '/api/posts/Iraq/en?pageNumber=1', '/api/maps', '/sitemap.xml']) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe('public, max-age=10, stale-while-revalidate=20');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    // Pages differ by language: caches are told so.
    expect((await get('/')).headers.vary).toContain('Cookie, Accept-Language');
  });

  it('sends a cached page compressed as the browser asks, the same page once decompressed', async () => {
    const plain = await get('/about');
    const br = await get('/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/about', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const notModified = await get('/about', { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('answers with a token, staff data and counting reads are private, never stored by a cache', async () => {
    const withToken = await get('/api/posts/Iraq/en?pageNumber=1', bearer(token));
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/posts/author', bearer(token))).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/visitor')).headers['cache-control']).toBe('private, no-store');
    expect((await get('/dashboard/posts')).headers['cache-control']).toBe('private, no-store');
    expect((await get('/login_page_2022')).headers['cache-control']).toBe('private, no-store');
  });

  it('renders a page once whatever else a shared link carries, and its links keep nothing of it', async () => {
    const base = await get('/posts/International');
    for (const url of ['/posts/International?utm_source=whatsapp', '/posts/International?v=123&p=1', '/posts/International?p=abc']) {
      const other = await get(url);
      expect(other.headers.etag, url).toBe(base.headers.etag);
    }
    const second = (await get('/posts/International?p=2&utm_source=x')).body;
    expect(second).not.toContain('utm_source');
    expect(second).toContain('href="/posts/International?p=1"');
    expect((await get('/search?q=Filler&p=2&tracking=1')).body).toContain('href="/search?keyword=Filler&amp;p=1"');
  });


  it('a staff edit drops the cached page at once; a visitor\'s rating does not', async () => {
    const url = `/p/${ids.arabic}`;
    expect((await get(url)).body).toContain('قانون مكافحة الاتجار');
    const cachedEtag = (await get(url)).headers.etag;
    await app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate: 5 } });
    expect((await get(url)).headers.etag).toBe(cachedEtag);

    const edit = await app.inject({ method: 'PUT', url: `/api/posts/${ids.arabic}`, headers: bearer(token), payload: {
      title: 'عنوان جديد', describtion: 'يحمي القانون الضحايا.', language: 'ar', type: 'Iraq', image: '/uploads/plain.webp',
    } });
    expect(edit.statusCode).toBe(200);
    const after = await get(url);
    expect(after.body).toContain('عنوان جديد');
    expect(after.headers.etag).not.toBe(cachedEtag);
    expect((await get(url, { 'if-none-match': cachedEtag as string })).statusCode).toBe(200);
  });
});

describe('the public origin', () => {
  it('never repeats a hostile Host header, and ignores X-Forwarded-Host without TRUST_PROXY', async () => {
    const hostile = await get('/', { host: 'evil.example"><script>x</script>' });
    expect(hostile.body).not.toContain('evil.example');
    expect(hostile.body).toContain('<link rel="canonical" href="http://localhost/en/" />');
    const forwarded = await get('/', { host: 'site.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(forwarded.body).toContain('<link rel="canonical" href="http://site.example/en/" />');
  });

  it('uses PUBLIC_URL for every absolute address when it is set', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'pages-origin-'));
    const other = await buildApp(makeTestConfig(scratch, { PUBLIC_URL: 'https://help.example.org/' }), { logger: false, pageRenderer: await sourcePageRenderer() });
    try {
      const html = (await other.inject({ method: 'GET', url: '/about', headers: { host: 'internal:3000' } })).body;
      expect(html).toContain('<link rel="canonical" href="https://help.example.org/en/about" />');
      expect((await other.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Sitemap: https://help.example.org/sitemap.xml');
    } finally {
      await other.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('post views', () => {
  it('the page counts a view of a published post with one POST, once a day per client like a read; drafts and unknown ids are 404', async () => {
    const views = async () => (await app.inject({ method: 'GET', url: `/api/posts/${ids.english}`, headers: bearer(token) })).json<{ views: number }>().views;
    const view = (remoteAddress: string) => app.inject({ method: 'POST', url: `/api/posts/${ids.english}/view`, remoteAddress });
    const before = await views();
    expect((await view('203.0.113.41')).statusCode).toBe(204);
    expect(await views()).toBe(before + 1);
    // The same visitor again, by the page or by a read of the API: already counted today.
    expect((await view('203.0.113.41')).statusCode).toBe(204);
    await app.inject({ method: 'GET', url: `/api/posts/${ids.english}`, remoteAddress: '203.0.113.41' });
    expect(await views()).toBe(before + 1);
    expect((await view('203.0.113.42')).statusCode).toBe(204);
    expect(await views()).toBe(before + 2);
    expect((await app.inject({ method: 'POST', url: `/api/posts/${ids.draft}/view` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/posts/000000000000000000000000/view' })).statusCode).toBe(404);
  });
});

describe('the built page template', () => {
  it('fetches the application after the first paint, through boot.js, and drops the module preloads', () => {
    const built = `<head>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-X1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-K1.css">
  </head>`;
    const served = withAppAfterFirstPaint(built);
    expect(served).toContain('<script type="module" src="/boot.js" data-app-entry="/assets/index-AbC123.js"></script>');
    expect(served).not.toContain('modulepreload');
    expect(served).toContain('<link rel="stylesheet" crossorigin href="/assets/index-K1.css">');
    // A template without a built entry (the sources) is left alone.
    expect(withAppAfterFirstPaint('<script type="module" src="/src/main.tsx"></script>')).toBe('<script type="module" src="/src/main.tsx"></script>');
  });
});

describe('the safety parts of every page, before any script runs', () => {
  it('the offline notice is in the page in both languages (shown only on a saved copy), whichever language the page is in', async () => {
    for (const [headers, first, second] of [
      [{}, 'You are offline. Showing saved information.', 'أنت غير متصل بالإنترنت. نعرض لك المعلومات المحفوظة.'],
      [inArabic, 'أنت غير متصل بالإنترنت. نعرض لك المعلومات المحفوظة.', 'You are offline. Showing saved information.'],
    ] as const) {
      // The same text asked for in two languages in one render must not come out twice in one.
      const html = (await get('/e/Emergency', headers)).body;
      expect(html).toContain(`<div role="status" class="offline-notice"><span>${first}</span> <span lang="${headers === inArabic ? 'en' : 'ar'}"`);
      expect(html).toContain(`>${second}</span></div>`);
    }
  });

  it('the quick exit and 533 come first in the page, before the header; inner pages have a Back link to where they belong', async () => {
    const html = (await get('/maps/Baghdad', inArabic)).body;
    const band = html.indexOf('class="safety-bar"');
    expect(band).toBeGreaterThan(0);
    expect(html.indexOf('class="emergency-button" href="tel:533"')).toBeGreaterThan(band);
    expect(html.indexOf(`class="quick-exit"`)).toBeGreaterThan(band);
    expect(html.indexOf('<header')).toBeGreaterThan(html.indexOf('class="quick-exit"'));
    expect(html).toMatch(/<p class="back-link"><a href="\/servicemap">.*رجوع<\/a><\/p>/);
    expect((await get('/', inArabic)).body).not.toContain('class="back-link"');
  });

  it('the phone menu is a <details> element: it opens without JavaScript', async () => {
    const html = (await get('/about')).body;
    expect(html).toMatch(/<details class="phone-menu"><summary class="icon-button hamburger">/);
    expect(html).toMatch(/<nav class="side-menu" aria-label="Site menu">.*href="\/seeking_help"/);
  });
});
