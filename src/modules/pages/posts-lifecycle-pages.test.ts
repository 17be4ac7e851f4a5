// Rendered pages follow what happens to posts outside a staff request: a scheduled post comes due
// (the clock moves, nobody writes), and translations link posts for search engines (hreflang).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

const T0 = Date.parse('2030-07-29T12:00:00.000Z');
let app: FastifyInstance;
let dataDir: string;
let token: string;

const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;
async function createPost(body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { describtion: 'Text', type: 'Training', language: 'en', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  dataDir = mkdtempSync(path.join(tmpdir(), 'pages-lifecycle-'));
  app = await buildApp(makeTestConfig(dataDir, { SEED_DEMO: '0' }), { logger: false, pageRenderer: await sourcePageRenderer() });
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.useRealTimers();
});

describe('rendered pages and the life of posts', () => {
  it('shows a scheduled post on its list page at its time, though the page was rendered and cached just before', async () => {
    const id = await createPost({ title: 'Campaign day training', state: 'scheduled', publishAt: '2030-07-30T00:00:00+03:00' });
    vi.setSystemTime(Date.parse('2030-07-29T20:59:59.000Z'));
    expect(await page('/posts/Training')).not.toContain('Campaign day training');
    expect((await app.inject({ method: 'GET', url: `/p/${id}` })).statusCode).toBe(404);

    // No request by staff in between: only the clock moves.
    vi.setSystemTime(Date.parse('2030-07-29T21:00:00.000Z'));
    expect(await page('/posts/Training')).toContain('Campaign day training');
    expect((await app.inject({ method: 'GET', url: `/p/${id}` })).statusCode).toBe(200);
  });

  it('names the translation of a post as its hreflang alternate, only once the translation is public', async () => {
    const arabic = await createPost({ title: 'دليل التدريب', language: 'ar', state: 'draft' });
    const english = await createPost({ title: 'Training guide', translationOf: arabic });
    expect(await page(`/p/${english}`)).not.toContain('hreflang="ar"');

    const published = await app.inject({ method: 'PUT', url: `/api/posts/${arabic}`, headers: bearer(token),
      payload: { title: 'دليل التدريب', describtion: 'Text', type: 'Training', language: 'ar', state: 'published' } });
    expect(published.statusCode).toBe(200);
    expect(await page(`/p/${english}`)).toMatch(new RegExp(`<link rel="alternate" hreflang="ar" href="[^"]*/p/${arabic}"`));
    expect(await page(`/p/${arabic}`)).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="[^"]*/p/${english}"`));
  });
});
