// The language addresses (/en/..., /ar/...) as a search-engine crawler, a link-preview scraper and
// a shared cache meet them: no cookie, any Accept-Language, and each page must come in the language
// its address names, from the first byte, telling machines its canonical address and its other
// languages. The unprefixed addresses keep answering in the visitor's language.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

const ORIGIN = 'https://help.example.org';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CITY = 'Basra';

let app: FastifyInstance;
let dataDir: string;
const posts = { english: '', arabic: '', arabicOnly: '' };

/** Every public route, with its first heading in English and in Arabic (as the browser tests read them). */
const ROUTES: Array<[page: string, en: string, ar: string]> = [
  ['/', 'Together against human trafficking', 'معاً ضد الاتجار بالبشر'],
  ['/about', 'About us', 'من نحن'],
  ['/ht', 'Human trafficking', 'الاتجار بالبشر'],
  ['/international', 'International and Iraqi law', 'القوانين الدولية والعراقية'],
  ['/servicemap', 'Service map', 'خريطة الخدمات'],
  [`/maps/${CITY}`, CITY, CITY],
  ['/useful_tools', 'Useful tools', 'أدوات مفيدة'],
  ['/seeking_help', 'Seeking help', 'طلب المساعدة'],
  ['/trainingtool', 'Training tool', 'أداة التدريب'],
  ['/assessmentform', 'Assessment form', 'استمارة التقييم'],
  ['/contact', 'Contact us', 'اتصل بنا'],
  ['/posts/Iraq', 'Iraqi law', 'القانون العراقي'],
  ['/posts/Flyer%20And%20Brochure', 'Flyers and brochures', 'المنشورات والكتيبات'],
  ['/e/Emergency', 'Emergency numbers', 'أرقام الطوارئ'],
  ['/e/VOT', 'Support for victims of trafficking', 'دعم ضحايا الاتجار بالبشر'],
  ['/browse-safely', 'Browse safely', 'تصفح بأمان'],
  ['/test', 'Rating test', 'اختبار التقييم'],
];

const crawl = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': GOOGLEBOT, ...headers } });
const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, '') ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)" \/>/g)].map((match) => match[1]);
const metaContents = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)" />`, 'g'))].map((match) => match[1]);
/** The hreflang alternates of a page, in order, as [hreflang, href]. */
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)" \/>/g)].map((match) => [match[1], match[2]]);
/** Links and form targets of the page's body that stay on this site (not uploads, built files or other sites). */
const siteLinksOf = (html: string) => {
  const body = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return [...body.matchAll(/<(?:a|form)\b[^>]*?\s(?:href|action)="(\/[^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, '&'))
    .filter((href) => !/^\/(uploads|assets|feed)\//.test(href));
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'language-addresses-test-'));
  app = await buildApp(makeTestConfig(dataDir, { PUBLIC_URL: ORIGIN }), { logger: false, pageRenderer: await sourcePageRenderer() });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const post = async (payload: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', ...payload } });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  await app.inject({ method: 'POST', url: '/api/content/About', headers: bearer(token), payload: { contentEn: 'We help survivors.', contentAr: 'نحن نساعد الناجين.' } });
  const city = await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: {
    name: CITY, branch: [{ address: 'Corniche street 4', phone: '+964 780 000 0000', email: 'basra@example.org' }],
  } });
  expect(city.statusCode).toBe(201);
  posts.english = await post({ language: 'en', title: 'Know your rights', describtion: 'Your rights at work.' });
  posts.arabic = await post({ language: 'ar', title: 'اعرف حقوقك', describtion: 'حقوقك في العمل.', translationOf: posts.english });
  posts.arabicOnly = await post({ language: 'ar', title: 'قانون مكافحة الاتجار', describtion: 'شرح القانون.' });
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crawler without cookies at a language address', () => {
  for (const language of ['ar', 'en'] as const) {
    const other = language === 'ar' ? 'en' : 'ar';
    it(`gets every public route in ${language === 'ar' ? 'Arabic' : 'English'} at /${language}/..., from the first byte, with its canonical and its three alternates`, async () => {
      for (const [page, en, ar] of ROUTES) {
        const address = `/${language}${page}`;
        // The crawler's Accept-Language names the other language: the address wins.
        const answer = await crawl(address, { 'accept-language': other });
        const html = answer.body;
        expect({ address, status: answer.statusCode }).toEqual({ address, status: 200 });
        expect(html, address).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`, 'i'));
        expect(answer.headers['content-language']).toBe(language);
        const heading = language === 'ar' ? ar : en;
        expect({ address, heading: headingOf(html) }).toEqual({ address, heading });
        if (page !== '/') expect(titleOf(html).startsWith(`${heading} | `), address).toBe(true);
        const own = `${ORIGIN}${address}`;
        expect({ address, canonical: canonicalOf(html) }).toEqual({ address, canonical: [own] });
        expect(metaContents(html, 'og:url')).toEqual([own]);
        expect(metaContents(html, 'og:locale')).toEqual([language === 'ar' ? 'ar_IQ' : 'en_US']);
        expect(metaContents(html, 'og:locale:alternate')).toEqual([language === 'ar' ? 'en_US' : 'ar_IQ']);
        expect({ address, alternates: alternatesOf(html) }).toEqual({ address, alternates: [
          ['en', `${ORIGIN}/en${page}`], ['ar', `${ORIGIN}/ar${page}`], ['x-default', `${ORIGIN}${page}`],
        ] });
      }
    });
  }

  it('reads Arabic content, not only Arabic labels, at /ar/', async () => {
    expect((await crawl('/ar/about')).body).toContain('نحن نساعد الناجين.');
    expect((await crawl('/en/about', { cookie: 'i18next=ar' })).body).toContain('We help survivors.');
    const list = (await crawl('/ar/posts/Iraq')).body;
    expect(list).toContain('اعرف حقوقك');
    expect(list).not.toContain('Know your rights');
  });

  it('gets the same page whatever the cookie or Accept-Language, and is told so (Vary names neither)', async () => {
    for (const page of ['/ar/about', '/en/servicemap', `/ar/p/${posts.arabic}`]) {
      const answers = await Promise.all(([{}, { cookie: 'i18next=en' }, { cookie: 'i18next=ar' }, { 'accept-language': 'ar-IQ' }, { 'accept-language': 'en-GB' }] as Array<Record<string, string>>)
        .map((headers) => crawl(page, headers)));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      for (const answer of answers) {
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(answer.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=20');
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('keeps every link of a page in its language: the switch alone leads to the other', async () => {
    for (const language of ['ar', 'en'] as const) {
      for (const page of ['/', '/seeking_help', '/useful_tools', '/servicemap', '/posts/Iraq', `/p/${posts.arabic}`, '/search', '/no/such/page']) {
        const html = (await crawl(`/${language}${page}`)).body;
        const links = siteLinksOf(html);
        expect(links.length, page).toBeGreaterThan(3);
        const other = language === 'ar' ? 'en' : 'ar';
        const outside = links.filter((href) => !href.startsWith(`/${language}/`) && !href.startsWith(`/${other}/`) && !href.includes(`lang=${other}`));
        expect({ page, outside }).toEqual({ page, outside: [] });
        // The switch: the same page at the other language's address (and, followed without JavaScript, the choice kept).
        const switches = links.filter((href) => href.includes('lang='));
        expect([...new Set(switches)].sort()).toEqual([`/ar${page}?lang=ar`, `/en${page}?lang=en`].sort());
        // No other link leaves the language (the translated post's own link aside).
        const leaving = links.filter((href) => href.startsWith(`/${other}/`) && !href.includes('lang='));
        expect(leaving.every((href) => href === `/${other}/p/${language === 'ar' ? posts.english : posts.arabic}`), page).toBe(true);
      }
    }
  });
});

describe('posts', () => {
  it('are canonical in their own language, whatever the address language, and name their translation and x-default', async () => {
    const pair = [
      ['en', posts.english],
      ['ar', posts.arabic],
    ] as const;
    const alternates = [['en', `${ORIGIN}/en/p/${posts.english}`], ['ar', `${ORIGIN}/ar/p/${posts.arabic}`], ['x-default', `${ORIGIN}/p/${posts.english}`]];
    for (const [postLanguage, id] of pair) {
      for (const address of [`/p/${id}`, `/en/p/${id}`, `/ar/p/${id}`]) {
        const html = (await crawl(address)).body;
        expect({ address, canonical: canonicalOf(html) }).toEqual({ address, canonical: [`${ORIGIN}/${postLanguage}/p/${id}`] });
        expect(metaContents(html, 'og:url')).toEqual([`${ORIGIN}/${postLanguage}/p/${id}`]);
        // Both posts of the pair name the same three addresses: search engines ask them to agree.
        expect({ address, alternates: alternatesOf(html) }).toEqual({ address, alternates });
        expect(metaContents(html, 'og:locale')).toEqual([postLanguage === 'ar' ? 'ar_IQ' : 'en_US']);
        expect(metaContents(html, 'og:locale:alternate')).toEqual([postLanguage === 'ar' ? 'en_US' : 'ar_IQ']);
      }
    }
    // The interface follows the address; the post stays in its language.
    const arabicInEnglish = (await crawl(`/en/p/${posts.arabic}`)).body;
    expect(arabicInEnglish).toMatch(/<html lang="en" dir="ltr"/);
    expect(arabicInEnglish).toMatch(/<article class="page post-detail" lang="ar" dir="rtl">/);
  });

  it('without a translation name only themselves and x-default', async () => {
    const html = (await crawl(`/en/p/${posts.arabicOnly}`)).body;
    expect(canonicalOf(html)).toEqual([`${ORIGIN}/ar/p/${posts.arabicOnly}`]);
    expect(alternatesOf(html)).toEqual([['ar', `${ORIGIN}/ar/p/${posts.arabicOnly}`], ['x-default', `${ORIGIN}/p/${posts.arabicOnly}`]]);
    expect(metaContents(html, 'og:locale')).toEqual(['ar_IQ']);
    expect(metaContents(html, 'og:locale:alternate')).toEqual([]);
  });
});

describe('the unprefixed addresses', () => {
  it('still follow the cookie, then Accept-Language, then English, vary by them, and name the language address as canonical', async () => {
    const cases: Array<[Record<string, string>, 'en' | 'ar']> = [
      [{ cookie: 'i18next=ar', 'accept-language': 'en' }, 'ar'],
      [{ cookie: 'i18next=en', 'accept-language': 'ar' }, 'en'],
      [{ 'accept-language': 'ar-IQ,ar;q=0.9' }, 'ar'],
      [{ 'accept-language': 'fr' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, language] of cases) {
      const answer = await crawl('/about', headers);
      expect({ headers, lang: /<html lang="(\w+)"/.exec(answer.body)?.[1] }).toEqual({ headers, lang: language });
      expect(answer.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
      expect(canonicalOf(answer.body)).toEqual([`${ORIGIN}/${language}/about`]);
      expect(alternatesOf(answer.body).at(-1)).toEqual(['x-default', `${ORIGIN}/about`]);
      // Its links stay unprefixed (the language switch aside).
      expect(siteLinksOf(answer.body).filter((href) => /^\/(ar|en)\//.test(href) && !href.includes('lang='))).toEqual([]);
    }
  });

  it('keep a search page out of search engines, at every address, with no canonical nor alternates', async () => {
    for (const address of ['/ar/search?keyword=%D8%AD%D9%82%D9%88%D9%82', '/en/search?keyword=rights', '/search?keyword=rights']) {
      const answer = await crawl(address);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<meta name="robots" content="noindex" />');
      expect(canonicalOf(answer.body)).toEqual([]);
      expect(alternatesOf(answer.body)).toEqual([]);
    }
    const arabic = (await crawl('/ar/search?keyword=%D8%AD%D9%82%D9%88%D9%82')).body;
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain('اعرف حقوقك');
  });
});

describe('addresses that are not pages', () => {
  it('answer 404 as before: unknown paths under a prefix (in its language), unknown or altered prefixes, staff screens under a prefix', async () => {
    const cases: Array<[string, string | null]> = [
      ['/ar/no/such/page', 'ar'], ['/en/no-such-page', 'en'], ['/ar/ar/about', 'ar'], ['/en/ar/', 'en'], ['/ar/dashboard', 'ar'],
      ['/ar/login_page_2022', 'ar'], ['/ar/api/health', 'ar'], ['/ar/sitemap.xml', 'ar'], ['/ar/feed/ar.xml', 'ar'],
      ['/fr/about', null], ['/AR/about', null], ['/%61r/about', null], ['/arabic/about', null], ['/ar-IQ/about', null],
    ];
    for (const [address, language] of cases) {
      const answer = await crawl(address, { cookie: 'i18next=en' });
      expect({ address, status: answer.statusCode }).toEqual({ address, status: 404 });
      expect(answer.body).toContain('<meta name="robots" content="noindex" />');
      // An unknown prefix is no language address: the cookie's language, as for any unknown path.
      expect({ address, lang: /<html lang="(\w+)"/.exec(answer.body)?.[1] }).toEqual({ address, lang: language ?? 'en' });
    }
  });

  it('send a language\'s bare prefix to its home page, permanently: /ar to /ar/', async () => {
    for (const [address, location] of [['/ar', '/ar/'], ['/en', '/en/'], ['/ar?utm_source=x', '/ar/?utm_source=x']]) {
      const answer = await crawl(address);
      expect({ address, status: answer.statusCode, location: answer.headers.location }).toEqual({ address, status: 301, location });
    }
  });

  it('the switch\'s link without JavaScript keeps the choice and lands on the chosen language\'s address', async () => {
    for (const [address, location, cookie] of [
      ['/ar/about?lang=en', '/en/about', 'en'], ['/en/about?lang=ar', '/ar/about', 'ar'], ['/about?lang=ar', '/about', 'ar'],
      ['/en/search?keyword=law&lang=ar', '/ar/search?keyword=law', 'ar'], ['/ar?lang=en', '/en/', 'en'],
    ]) {
      const answer = await crawl(address);
      expect({ address, status: answer.statusCode, location: answer.headers.location }).toEqual({ address, status: 303, location });
      expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^i18next=${cookie};`));
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('the web app manifest', () => {
  it('of a language address is in that language and starts at its home page, one app for both', async () => {
    for (const language of ['ar', 'en'] as const) {
      const page = (await crawl(`/${language}/about`)).body;
      expect(page).toContain(`<link rel="manifest" href="/${language}/manifest.webmanifest" />`);
      const answer = await crawl(`/${language}/manifest.webmanifest`, { cookie: `i18next=${language === 'ar' ? 'en' : 'ar'}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toBeUndefined();
      const manifest = answer.json<{ id: string; lang: string; dir: string; start_url: string; scope: string }>();
      expect(manifest).toMatchObject({ id: '/', lang: language, dir: language === 'ar' ? 'rtl' : 'ltr', start_url: `/${language}/`, scope: '/' });
    }
    // The unprefixed pages keep naming the manifest that follows the visitor's language.
    expect((await crawl('/about')).body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect((await crawl('/manifest.webmanifest', { cookie: 'i18next=ar' })).json<{ start_url: string; lang: string }>()).toMatchObject({ start_url: '/', lang: 'ar' });
  });
});
