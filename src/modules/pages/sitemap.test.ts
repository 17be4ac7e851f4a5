// The sitemap as a search engine reads it, on a site past the protocol's 50,000 addresses: every
// file parsed by a real XML parser, every published post found exactly once, no file over the
// protocol's bounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { makeTestConfig } from '../../test/helpers';
import { FIXED_PUBLIC_PATHS, POSTS_PER_SITEMAP, SITEMAP_LIMITS } from './sitemap';

const PUBLISHED = 50_033;
const DRAFTS = 50;
const ORIGIN = 'https://help.example.org';
let app: FastifyInstance;
let dataDir: string;
const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

/** Published posts (and a few drafts) written straight into the database: 50,000 API calls would take minutes. */
function seedPosts(): void {
  const insert = app.sqlite.prepare(`INSERT INTO posts (id, title, description, image, image_alt, pictures, pictures_alt, video, language, type, pdf, state, views, author_id, created_at, updated_at)
    VALUES (?, ?, 'text', '', NULL, '[]', '[]', '', 'en', 'Iraq', '', ?, 0, NULL, ?, ?)`);
  app.sqlite.transaction(() => {
    for (let index = 0; index < PUBLISHED + DRAFTS; index += 1) {
      const at = new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString();
      insert.run(`p${String(index).padStart(8, '0')}`, `Post ${index}`, index < PUBLISHED ? 'published' : 'draft', at, at);
    }
  })();
}

async function get(url: string): Promise<string> {
  const answer = await app.inject({ method: 'GET', url });
  expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
  expect(answer.headers['content-type']).toMatch(/^application\/xml/);
  expect(Buffer.byteLength(answer.body)).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
  expect(XMLValidator.validate(answer.body)).toBe(true);
  return answer.body;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sitemap-test-'));
  app = await buildApp(makeTestConfig(dataDir, { PUBLIC_URL: ORIGIN }), { logger: false });
  seedPosts();
}, 120_000);
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a sitemap past 50,000 addresses', () => {
  it('is a sitemap index whose child sitemaps list every published post once, each within the protocol\'s bounds', async () => {
    const index = parser.parse(await get('/sitemap.xml'));
    expect(index.urlset).toBeUndefined();
    const children = (index.sitemapindex.sitemap as Array<{ loc: string }>).map((child) => child.loc);
    expect(children.length).toBe(1 + Math.ceil(PUBLISHED / POSTS_PER_SITEMAP));
    const seen = new Map<string, number>();
    for (const child of children) {
      expect(child.startsWith(`${ORIGIN}/sitemap/`)).toBe(true);
      const urls = parser.parse(await get(new URL(child).pathname)).urlset.url as Array<{ loc: string; lastmod?: string }>;
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
      for (const url of urls) seen.set(url.loc, (seen.get(url.loc) ?? 0) + 1);
    }
    // The posts are English: each at its English address.
    const posts = [...seen.keys()].filter((loc) => loc.startsWith(`${ORIGIN}/en/p/`));
    expect(posts).toHaveLength(PUBLISHED);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    // The oldest post is there too (a single file stopped at 49,000, newest first).
    expect(seen.has(`${ORIGIN}/en/p/p00000000`)).toBe(true);
    // Drafts never.
    expect(seen.has(`${ORIGIN}/en/p/p${String(PUBLISHED).padStart(8, '0')}`)).toBe(false);
    for (const fixed of FIXED_PUBLIC_PATHS) {
      for (const language of ['en', 'ar']) expect(seen.has(`${ORIGIN}/${language}${fixed}`)).toBe(true);
    }
  }, 60_000);

  it('answers 404 for a child sitemap past the last one', async () => {
    const last = Math.ceil(PUBLISHED / POSTS_PER_SITEMAP);
    expect((await app.inject({ method: 'GET', url: `/sitemap/posts-${last + 1}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap/posts-0.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap/other.xml' })).statusCode).toBe(404);
  });

  it('is one file again once the site fits in one', async () => {
    app.sqlite.prepare("UPDATE posts SET state = 'draft' WHERE id >= ?").run('p00040000');
    const single = parser.parse(await get('/sitemap.xml'));
    expect(single.sitemapindex).toBeUndefined();
    expect((single.urlset.url as unknown[]).length).toBe(FIXED_PUBLIC_PATHS.length * 2 + 40_000);
  }, 60_000);
});
