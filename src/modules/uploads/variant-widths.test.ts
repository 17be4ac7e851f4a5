// Responsive images as a browser reads them: every srcset candidate exists and is as wide as its
// descriptor says, for a new small upload and for an image stored before (with copies of itself
// as its wider "variants").
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { BOTH_LANGUAGES } from '../../content-changes';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { makeImage, multipart } from '../../test/upload-files';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '@shared/domain';

let app: FastifyInstance;
let dataDir: string;
let token: string;
let uploadsDir: string;

async function upload(width: number): Promise<string> {
  const { payload, headers } = multipart([{ field: 'image', data: await makeImage('png', width), filename: 'a.png', contentType: 'image/png' }]);
  return (await app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer(token) } })).json<string>();
}

async function postWith(image: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Iraq', language: 'en', title: `Post ${image}`, describtion: 'Text', image, imageAlt: 'A picture' } });
  return answer.json<{ _id: string }>()._id;
}

/** Each candidate of the page's first srcset for this picture, fetched: its descriptor and its real width. */
async function candidates(html: string, image: string): Promise<Array<{ url: string; said: number; real: number | null }>> {
  const srcset = new RegExp(`<img[^>]*src="${image}"[^>]*srcSet="([^"]*)"`, 'i').exec(html)?.[1] ?? new RegExp(`<img[^>]*srcset="([^"]*)"[^>]*src="${image}"`, 'i').exec(html)?.[1];
  expect(srcset, `a srcset for ${image}`).toBeDefined();
  return Promise.all(srcset!.split(',').map(async (entry) => {
    const [url, descriptor] = entry.trim().split(/\s+/);
    const answer = await app.inject({ method: 'GET', url });
    return { url, said: Number.parseInt(descriptor, 10), real: answer.statusCode === 200 ? imageSize(answer.rawPayload).width : null };
  }));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'variant-widths-'));
  app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: await sourcePageRenderer() });
  uploadsDir = path.join(dataDir, 'uploads');
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('responsive variants', () => {
  it('an 800 px upload gets only its 480 px variant: no variant is as wide as its source', async () => {
    const stored = await upload(800);
    const file = (width: number) => path.join(uploadsDir, path.basename(imageVariantPath(stored, width as 480)));
    expect(IMAGE_VARIANT_WIDTHS.map((width) => existsSync(file(width)))).toEqual([true, false, false, false]);
    const wide = await upload(2000);
    expect(IMAGE_VARIANT_WIDTHS.map((width) => existsSync(path.join(uploadsDir, path.basename(imageVariantPath(wide, width)))))).toEqual([true, true, true, true]);
  });

  it('every srcset candidate of a page exists and is as wide as its descriptor, new uploads and older images alike', async () => {
    const small = await upload(800);
    const wide = await upload(2000);
    // An image stored before this rule: copies of itself stood for its 960, 1,200 and 1,600 px variants.
    const older = await upload(700);
    for (const width of [960, 1200, 1600] as const) copyFileSync(path.join(uploadsDir, path.basename(older)), path.join(uploadsDir, path.basename(imageVariantPath(older, width))));
    for (const image of [small, wide, older]) {
      const html = (await app.inject({ method: 'GET', url: `/p/${await postWith(image)}` })).body;
      const found = await candidates(html, image);
      for (const candidate of found) expect(candidate).toEqual({ ...candidate, real: candidate.said });
      // The picture itself is the widest candidate.
      expect(found.at(-1)!.url).toBe(image);
    }
    // The list and the API say the same widths the page used.
    const listed = (await app.inject({ method: 'GET', url: '/api/posts/Iraq/en' })).json<{ posts: Array<{ image: string; imageWidths: Record<string, number> }> }>();
    expect(listed.posts.find((post) => post.image === older)!.imageWidths).toEqual({ [older]: 700 });
  });

  it('a cached list or search page is sent as kept: its pictures\' widths are read once, when the page is encoded', async () => {
    const image = await upload(1000);
    await postWith(image);
    const urls = ['/api/posts/Iraq/en', '/api/posts/s?keyword=post'];
    const first = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    for (const answer of first) expect(answer.json<{ posts: Array<{ image: string; imageWidths?: Record<string, number> }> }>().posts.find((post) => post.image === image)?.imageWidths).toEqual({ [image]: 1000 });
    const read = vi.spyOn(app.uploadWidths, 'annotate');
    try {
      const again = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
      expect(again.map((answer) => answer.body)).toEqual(first.map((answer) => answer.body));
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('a width is remembered until public content changes: a picture that arrives later (a bundle\'s) is then read', async () => {
    const stored = await upload(900);
    const later = '/uploads/abcdefabcdefabcdefabcdef.webp';
    expect(await app.uploadWidths.widthOf(later)).toBeNull();
    copyFileSync(path.join(uploadsDir, path.basename(stored)), path.join(uploadsDir, path.basename(later)));
    expect(await app.uploadWidths.widthOf(later)).toBeNull();
    app.contentChanges.announce({ kind: 'posts', cause: 'bundle', ids: [], languages: BOTH_LANGUAGES });
    expect(await app.uploadWidths.widthOf(later)).toBe(900);
  });
});
