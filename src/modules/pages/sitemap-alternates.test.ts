// The sitemap's language alternates as a search engine checks them: the files validate against the
// sitemaps.org schema with the xhtml namespace's link element (libxml2's xmllint, the protocol's own
// XSD shipped in the `sitemap` package), every page is listed once per language, and the alternates
// agree with each other and with what each page's head says.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { FIXED_PUBLIC_PATHS } from './sitemap';

const ORIGIN = 'https://help.example.org';
const require = createRequire(import.meta.url);
const SITEMAP_XSD = readFileSync(path.join(path.dirname(require.resolve('sitemap/package.json')), 'schema', 'sitemap.xsd'), 'utf8');

/**
 * The `link` element of the XHTML namespace as XHTML 1.0 Strict's schema declares it (empty, with
 * the attributes a sitemap alternate uses and their types there): the sitemaps.org schema checks
 * elements of other namespaces strictly, so each needs its declaration.
 */
const XHTML_LINK_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xs:element name="link">
    <xs:complexType>
      <xs:attribute name="charset" type="xs:string"/>
      <xs:attribute name="href" type="xs:anyURI"/>
      <xs:attribute name="hreflang" type="xs:language"/>
      <xs:attribute name="type" type="xs:string"/>
      <xs:attribute name="rel" type="xs:NMTOKENS"/>
      <xs:attribute name="rev" type="xs:NMTOKENS"/>
      <xs:attribute name="media" type="xs:string"/>
    </xs:complexType>
  </xs:element>
</xs:schema>`;

const BOTH_SCHEMAS = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xs:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xs:schema>`;

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: 'both.xsd', contents: BOTH_SCHEMAS }],
    preload: [{ fileName: 'sitemap.xsd', contents: SITEMAP_XSD }, { fileName: 'xhtml-link.xsd', contents: XHTML_LINK_XSD }],
  });
  return result.errors.map((error) => error.rawMessage);
}

interface SitemapUrl { loc: string; lastmod?: string; 'xhtml:link': Array<{ '@_rel': string; '@_hreflang': string; '@_href': string }> }
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' });

let app: FastifyInstance;
let dataDir: string;
const posts = { english: '', arabic: '', arabicOnly: '' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sitemap-alternates-test-'));
  app = await buildApp(makeTestConfig(dataDir, { PUBLIC_URL: ORIGIN }), { logger: false, pageRenderer: await sourcePageRenderer() });
  const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const post = async (payload: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Guide', describtion: 'A guide.', ...payload } });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  for (const name of ['Erbil', 'Tom & Jerry', 'البصرة']) {
    const city = await app.inject({ method: 'POST', url: '/api/maps', headers: bearer(token), payload: {
      name, branch: [{ address: 'Main street 1', phone: '+964 750 000 0000', email: 'office@example.org' }],
    } });
    expect(city.statusCode).toBe(201);
  }
  posts.english = await post({ language: 'en', title: 'Know your rights' });
  posts.arabic = await post({ language: 'ar', title: 'اعرف حقوقك', translationOf: posts.english });
  posts.arabicOnly = await post({ language: 'ar', title: 'دليل' });
  // A draft's translation is not named: visitors cannot open it.
  await post({ language: 'en', title: 'Draft translation', state: 'draft', translationOf: posts.arabicOnly });
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sitemap with language alternates', () => {
  it('validates against the sitemaps.org schema with the xhtml namespace, as one file and as the index\'s pages child', async () => {
    for (const address of ['/sitemap.xml', '/sitemap/pages.xml', '/sitemap/posts-1.xml']) {
      const answer = await app.inject({ method: 'GET', url: address });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<xhtml:link rel="alternate" hreflang="x-default"');
      expect({ address, errors: await schemaErrors(answer.body) }).toEqual({ address, errors: [] });
    }
  });

  it('the validator does reject a sitemap whose alternates break the schema (it is no rubber stamp)', async () => {
    const xml = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const broken = [
      xml.replace('<lastmod>', '<xhtml:link rel="alternate" hreflang="en" href="x"/><lastmod>'),
      xml.replace('hreflang="x-default"', 'hreflang="not a language"'),
      xml.replace('<xhtml:link rel="alternate"', '<xhtml:alternate rel="alternate"'),
    ];
    for (const candidate of broken) expect((await schemaErrors(candidate)).length).toBeGreaterThan(0);
  });

  it('lists each page once per language, each naming en, ar and x-default, and each post once in its own language', async () => {
    const urls = parser.parse((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).urlset.url as SitemapUrl[];
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const cities = ['Erbil', 'Tom & Jerry', 'البصرة'].map((name) => `/maps/${encodeURIComponent(name)}`);
    for (const page of [...FIXED_PUBLIC_PATHS, ...cities]) {
      for (const language of ['en', 'ar']) {
        const url = urls.find((candidate) => candidate.loc === `${ORIGIN}/${language}${page}`);
        expect({ page, language, listed: !!url }).toEqual({ page, language, listed: true });
        expect(url!['xhtml:link'].map((link) => [link['@_rel'], link['@_hreflang'], link['@_href']])).toEqual([
          ['alternate', 'en', `${ORIGIN}/en${page}`], ['alternate', 'ar', `${ORIGIN}/ar${page}`], ['alternate', 'x-default', `${ORIGIN}${page}`],
        ]);
      }
      // The unprefixed address is x-default only, never listed itself.
      expect(locs).not.toContain(`${ORIGIN}${page}`);
    }
    const pair = [['en', `${ORIGIN}/en/p/${posts.english}`], ['ar', `${ORIGIN}/ar/p/${posts.arabic}`], ['x-default', `${ORIGIN}/p/${posts.english}`]];
    for (const loc of [`${ORIGIN}/en/p/${posts.english}`, `${ORIGIN}/ar/p/${posts.arabic}`]) {
      const url = urls.find((candidate) => candidate.loc === loc)!;
      expect(url['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']])).toEqual(pair);
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    const alone = urls.find((candidate) => candidate.loc === `${ORIGIN}/ar/p/${posts.arabicOnly}`)!;
    expect(alone['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']])).toEqual([['ar', `${ORIGIN}/ar/p/${posts.arabicOnly}`], ['x-default', `${ORIGIN}/p/${posts.arabicOnly}`]]);
    expect(locs.filter((loc) => loc.includes('/p/')).length).toBe(3);
  });

  it('says of every page exactly what that page\'s own head says (canonical and alternates)', async () => {
    const urls = parser.parse((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).urlset.url as SitemapUrl[];
    for (const url of urls) {
      const html = (await app.inject({ method: 'GET', url: new URL(url.loc).pathname })).body;
      const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect({ loc: url.loc, canonical }).toEqual({ loc: url.loc, canonical: url.loc });
      const head = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)" \/>/g)].map((match) => [match[1], match[2].replace(/&amp;/g, '&')]);
      expect({ loc: url.loc, head }).toEqual({ loc: url.loc, head: url['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]) });
    }
  });
});
