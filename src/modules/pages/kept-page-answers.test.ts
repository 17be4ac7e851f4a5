// A page kept in the cache is answered by the page route's first hook, before the rest of the
// request's work. A real client over a real socket must not tell it from the answer the page
// was rendered for: the same status, the same headers in the same order, the same bytes; the
// same 304 to a matching If-None-Match; and no kept page where a redirect or a private answer is due.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';

let app: FastifyInstance;
let dataDir: string;
let base: string;
let token: string;
let postId: string;
let renders = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kept-page-answers-'));
  const renderer = await sourcePageRenderer();
  const counted = { ...renderer, entry: { ...renderer.entry, render: (...args: Parameters<typeof renderer.entry.render>) => { renders += 1; return renderer.entry.render(...args); } } };
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: counted });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: {
    title: 'عمل قسري في البناء', describtion: 'نص '.repeat(80), type: 'Iraq', language: 'ar',
  } });
  postId = created.json<{ _id: string }>()._id;
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  /** Header names and values in the order they came, the Date left out (it moves). */
  headers: string[];
  body: Buffer;
}

function fetchRaw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          if (response.rawHeaders[index].toLowerCase() !== 'date') pairs.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const rendersDuring = async <T>(work: () => Promise<T>): Promise<{ rendered: number; result: T }> => {
  const before = renders;
  const result = await work();
  return { rendered: renders - before, result };
};

/** Empties the page cache as any content change does (the settings saved as they are: the pages come out the same). */
async function dropKeptPages(): Promise<void> {
  const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json<Record<string, unknown>>();
  const saved = await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: settings });
  expect(saved.statusCode).toBe(200);
}

describe('a kept page as a browser, a feed reader or a proxy receives it', () => {
  const asks: Array<[string, string, Record<string, string>]> = [
    ['an Arabic browser by its cookie, brotli', `/p/{id}`, { cookie: 'i18next=ar', 'accept-encoding': 'gzip, deflate, br' }],
    ['an Arabic browser by Accept-Language, gzip only', `/p/{id}`, { 'accept-language': 'ar-IQ,ar;q=0.9,en;q=0.5', 'accept-encoding': 'gzip' }],
    ['a crawler at the Arabic address, no compression', `/ar/p/{id}`, {}],
    ['an English reader at the English address, brotli', `/en/p/{id}`, { 'accept-encoding': 'br' }],
    ['the home page in Arabic with a tracking parameter', `/ar/?utm_source=whatsapp`, { 'accept-encoding': 'br, gzip' }],
  ];

  for (const [who, address, headers] of asks) {
    it(`sends ${who} the same status, headers in the same order and bytes as when the page was rendered`, async () => {
      await dropKeptPages();
      const url = address.replace('{id}', postId);
      const first = await rendersDuring(() => fetchRaw(url, headers));
      expect(first.rendered).toBe(1);
      const kept = await rendersDuring(() => fetchRaw(url, headers));
      expect(kept.rendered).toBe(0);
      expect(kept.result.status).toBe(200);
      expect(kept.result.headers).toEqual(first.result.headers);
      expect(kept.result.body.equals(first.result.body)).toBe(true);
    });
  }

  it('answers a matching If-None-Match with the 304 the rendered page got, and a stale one with the page', async () => {
    const url = `/p/${postId}`;
    const browser = { cookie: 'i18next=ar', 'accept-encoding': 'br' };
    const etag = (await fetchRaw(url, browser)).headers.find((line) => line.startsWith('etag: '))!.slice('etag: '.length);
    await dropKeptPages();
    // Rendered again (the same bytes, so the same tag), then kept: the 304 of each path.
    const renderedAnswer = await rendersDuring(() => fetchRaw(url, { ...browser, 'if-none-match': etag }));
    const keptAnswer = await rendersDuring(() => fetchRaw(url, { ...browser, 'if-none-match': etag }));
    expect([renderedAnswer.rendered, keptAnswer.rendered]).toEqual([1, 0]);
    expect(keptAnswer.result.status).toBe(304);
    expect(keptAnswer.result.body.length).toBe(0);
    expect(keptAnswer.result.headers).toEqual(renderedAnswer.result.headers);
    expect(keptAnswer.result.headers.some((line) => line.startsWith('content-encoding'))).toBe(false);
    const stale = await fetchRaw(url, { ...browser, 'if-none-match': 'W/"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(stale.headers).toContain('content-encoding: br');
  });

  it('answers HEAD from a kept page with its headers and no body', async () => {
    const url = `/ar/p/${postId}`;
    const page = await fetchRaw(url);
    const head = await rendersDuring(() => fetchRaw(url, {}, 'HEAD'));
    expect(head.rendered).toBe(0);
    expect(head.result.status).toBe(200);
    expect(head.result.body.length).toBe(0);
    expect(head.result.headers).toContain(`content-length: ${page.body.length}`);
    expect(head.result.headers).toContain('content-language: ar');
  });
});

describe('where no kept page may answer', () => {
  it('still redirects the language switch, even written with an escaped name, though the page is kept', async () => {
    await fetchRaw('/about', { cookie: 'i18next=en' });
    for (const [url, location] of [['/about?lang=ar', '/about'], ['/about?%6Cang=ar', '/about'], ['/about?utm=1&lang=ar', '/about?utm=1']]) {
      const answer = await fetchRaw(url, { cookie: 'i18next=en' });
      expect(answer.status, url).toBe(303);
      expect(answer.headers, url).toContain(`location: ${location}`);
      expect(answer.headers.join('\n'), url).toContain('set-cookie: i18next=ar');
    }
  });

  it('marks a kept page asked for with a staff token private, as every answer to a token is', async () => {
    const url = `/p/${postId}`;
    const anonymous = await fetchRaw(url, { cookie: 'i18next=ar' });
    const staff = await fetchRaw(url, { cookie: 'i18next=ar', ...bearer(token) });
    expect(staff.body.equals(anonymous.body)).toBe(true);
    expect(anonymous.headers).toContain('cache-control: public, max-age=10, stale-while-revalidate=20');
    expect(staff.headers).toContain('cache-control: private, no-store');
  });

  it('refuses an over-long address with 414 before looking for a kept page', async () => {
    const answer = await fetchRaw(`/p/${'x'.repeat(2000)}`);
    expect(answer.status).toBe(414);
  });

  it('sends /ar to /ar/ though the Arabic home page is kept', async () => {
    await fetchRaw('/ar/');
    const answer = await fetchRaw('/ar');
    expect(answer.status).toBe(301);
    expect(answer.headers).toContain('location: /ar/');
  });
});
