// The RSS feeds as feed readers read them: the XML parsed by a real parser, then each title and
// description read as HTML (RSS 2.0's description is HTML, and readers treat the title alike).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@shared/domain';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

let app: FastifyInstance;
let dataDir: string;
const TITLES = ['<b>Bold</b> & <script>alert(1)</script>', '&lt;script&gt; is how a tag is written', 'Tom & Jerry: "quotes" and \'apostrophes\''];
const ARABIC_TITLE = 'قانون <مكافحة> الاتجار & الحماية';

/** What a reader shows for an HTML text: entities decoded; markup, had there been any, would be markup. */
function asHtmlText(html: string): { text: string; hasMarkup: boolean } {
  const hasMarkup = /<[a-z/!]/i.test(html);
  const text = html.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);
  return { text, hasMarkup };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'feeds-test-'));
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: await sourcePageRenderer() });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const title of TITLES) {
    await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', title, describtion: `${title} in the text, <i>too</i>.` } });
  }
  await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'ar', title: ARABIC_TITLE, describtion: 'نص <عربي> & تفاصيل' } });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const feed = async (language: Language) => {
  const xml = (await app.inject({ method: 'GET', url: `/feed/${language}.xml` })).body;
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({ processEntities: true, htmlEntities: false }).parse(xml).rss.channel as {
    title: string; link: string; description: string; item: Array<{ title: string; description: string }> | { title: string; description: string };
  };
};

describe('RSS feeds read by a feed reader', () => {
  it('show every title and description as the text staff wrote, never as markup', async () => {
    const english = await feed('en');
    const items = [english.item].flat();
    for (const title of TITLES) {
      const item = items.find((candidate) => asHtmlText(candidate.title).text === title);
      expect({ title, found: item !== undefined }).toEqual({ title, found: true });
      expect(asHtmlText(item!.title).hasMarkup).toBe(false);
      expect(asHtmlText(item!.description)).toEqual({ text: `${title} in the text, <i>too</i>.`, hasMarkup: false });
    }
    const arabic = [(await feed('ar')).item].flat();
    expect(arabic.map((item) => asHtmlText(item.title))).toEqual([{ text: ARABIC_TITLE, hasMarkup: false }]);
    expect(asHtmlText(arabic[0].description)).toEqual({ text: 'نص <عربي> & تفاصيل', hasMarkup: false });
  });

  it('link each channel to the home page in its own language', async () => {
    const english = await feed('en');
    const arabic = await feed('ar');
    expect(english.link).toBe('http://localhost:80/en/');
    expect(arabic.link).toBe('http://localhost:80/ar/');
    // Followed by a feed reader (no cookie, an English Accept-Language), each link is the home page in its language.
    for (const [channel, language] of [[arabic, 'ar'], [english, 'en']] as const) {
      const home = await app.inject({ method: 'GET', url: new URL(channel.link).pathname, headers: { 'accept-language': 'en-US,en;q=0.9' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`, 'i'));
      expect(home.body).toContain(`<link rel="canonical" href="${channel.link}" />`);
    }
    expect(asHtmlText(arabic.title).text).toMatch(/[\u0600-\u06FF]/);
  });
});
