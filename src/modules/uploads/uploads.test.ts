import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';
import { makeImage, makePdf, multipart, type FilePart } from '../../test/upload-files';

let ctx: StaffTestContext;
let png: Buffer;

const uploadsDirFiles = () => readdirSync(ctx.config.uploadsDir).sort();
const filePart = (field: string, data: Buffer, filename = 'file.bin', contentType = 'application/octet-stream'): FilePart => ({ field, data, filename, contentType });

async function upload(url: string, parts: Parameters<typeof multipart>[0], token = ctx.authorToken, options: Parameters<typeof multipart>[1] = {}) {
  const { payload, headers } = multipart(parts, options);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}

beforeAll(async () => {
  ctx = await createStaffTestApp('uploader@example.org');
  png = await makeImage('png');
});
afterAll(async () => ctx.cleanup());

let before: string[];
beforeEach(() => {
  before = uploadsDirFiles();
});
/** The files a request added to the uploads folder. */
const added = () => uploadsDirFiles().filter((f) => !before.includes(f));

describe('POST /api/upload', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('stores a real %s re-encoded as WebP under a generated name, with its variants, served with a one-year cache', async (format) => {
    const data = await makeImage(format, 1700);
    // The client's name and mimetype say nothing true: the bytes decide.
    const response = await upload('/api/upload', [filePart('image', data, '../../evil name.exe', 'text/plain')]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const stored = JSON.parse(response.body);
    expect(stored).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/);
    const id = stored.slice('/uploads/'.length, -'.webp'.length);
    expect(added()).toEqual([`${id}.webp`, `${id}-480w.webp`, `${id}-960w.webp`, `${id}-1200w.webp`, `${id}-1600w.webp`].sort());
    const served = await ctx.app.inject({ method: 'GET', url: stored });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    // The bytes as sent are never what is served.
    expect(served.rawPayload.equals(data)).toBe(false);
  });

  it("refuses a text file renamed .png with 415 and 'Error! File Type is not supported', leaving nothing", async () => {
    const response = await upload('/api/upload', [filePart('image', Buffer.from('#!/bin/sh\necho hacked\n'), 'photo.png', 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body)).toEqual({ messageEn: 'Error! File Type is not supported', messageAr: 'خطأ! نوع الملف غير مدعوم', field: 'image' });
    expect(added()).toEqual([]);
  });

  it('refuses a PDF sent as an image and an empty file with 415', async () => {
    expect((await upload('/api/upload', [filePart('image', makePdf(), 'x.png', 'image/png')])).statusCode).toBe(415);
    expect((await upload('/api/upload', [filePart('image', Buffer.alloc(0), 'x.png', 'image/png')])).statusCode).toBe(415);
    expect(added()).toEqual([]);
  });

  it('refuses an image over 10 MB with 413, leaving nothing', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const response = await upload('/api/upload', [filePart('image', big, 'big.png', 'image/png')]);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response.body).field).toBe('image');
    expect(added()).toEqual([]);
  });

  it('answers 400 for a missing file, a wrong field name, a plain JSON or text body, and a truncated upload', async () => {
    const missing = await upload('/api/upload', [{ field: 'title', value: 'no file' }]);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).field).toBe('image');
    const wrongField = await upload('/api/upload', [filePart('picture', png)]);
    expect(wrongField.statusCode).toBe(400);
    expect(errorOf(wrongField.body).messageEn).toBe('Send the file in the field "image"');
    for (const [contentType, payload] of [['application/json', '{"image":"x"}'], ['text/plain', 'x'], ['application/octet-stream', png]] as const) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/upload', headers: { ...bearer(ctx.authorToken), 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(400);
      errorOf(response.body);
    }
    const noBoundary = await ctx.app.inject({ method: 'POST', url: '/api/upload', headers: { ...bearer(ctx.authorToken), 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.statusCode).toBe(400);
    const truncated = await upload('/api/upload', [filePart('image', await makeImage('png', 64))], ctx.authorToken, { truncate: true });
    expect(truncated.statusCode).toBe(400);
    errorOf(truncated.body);
    expect(added()).toEqual([]);
  });

  it('needs an author token: 401 without, forged or expired', async () => {
    const { payload, headers } = multipart([filePart('image', png)]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer('a.b.c') } })).statusCode).toBe(401);
    const expired = ctx.app.jwt.sign({ sub: 'x' }, { expiresIn: -10 } as never);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/upload/pdf', payload, headers: { ...headers, ...bearer(expired) } });
    expect(response.statusCode).toBe(401);
    errorOf(response.body);
    expect(added()).toEqual([]);
  });
});

describe('POST /api/upload/multi', () => {
  it('stores every picture and answers their paths in order', async () => {
    // Wider than the widest variant: each has all four.
    const images = await Promise.all((['png', 'jpeg', 'webp', 'gif'] as const).map((f) => makeImage(f, 1700)));
    const response = await upload('/api/upload/multi', images.map((data) => filePart('pictures', data)));
    expect(response.statusCode).toBe(200);
    const paths = response.json();
    expect(paths.map((p: string) => p.split('.').pop())).toEqual(['webp', 'webp', 'webp', 'webp']);
    expect(added()).toHaveLength(4 * 5);
  });

  it('accepts 20 pictures and refuses 21 with 413, leaving nothing of the refused call', async () => {
    expect((await upload('/api/upload/multi', Array.from({ length: 20 }, () => filePart('pictures', png)))).json()).toHaveLength(20);
    before = uploadsDirFiles();
    const response = await upload('/api/upload/multi', Array.from({ length: 21 }, () => filePart('pictures', png)));
    expect(response.statusCode).toBe(413);
    errorOf(response.body);
    expect(added()).toEqual([]);
  });

  it('refuses the whole call when one picture is not an image, removing the ones already stored', async () => {
    const response = await upload('/api/upload/multi', [filePart('pictures', png), filePart('pictures', png), filePart('pictures', Buffer.from('<html>'))]);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body).messageEn).toBe('Error! File Type is not supported');
    expect(added()).toEqual([]);
  });

  it('answers 400 for the field "image" and for no file', async () => {
    expect((await upload('/api/upload/multi', [filePart('image', png)])).statusCode).toBe(400);
    expect((await upload('/api/upload/multi', [{ field: 'x', value: 'y' }])).statusCode).toBe(400);
  });
});

describe('POST /api/upload/pdf', () => {
  it('stores a real PDF and serves it as application/pdf', async () => {
    const response = await upload('/api/upload/pdf', [filePart('pdf', makePdf(), 'law.pdf', 'application/pdf')], ctx.adminToken);
    expect(response.statusCode).toBe(200);
    const stored = JSON.parse(response.body);
    expect(stored).toMatch(/^\/uploads\/[a-f0-9]{24}\.pdf$/);
    const served = await ctx.app.inject({ method: 'GET', url: stored });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('refuses a PNG sent as a PDF with 415, and a PDF over 25 MB with 413', async () => {
    const asPdf = await upload('/api/upload/pdf', [filePart('pdf', png, 'x.pdf', 'application/pdf')]);
    expect(asPdf.statusCode).toBe(415);
    expect(errorOf(asPdf.body).messageEn).toBe('Error! File Type is not supported');
    const pdf = makePdf();
    const big = Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024 + 1 - pdf.length)]);
    expect((await upload('/api/upload/pdf', [filePart('pdf', big)])).statusCode).toBe(413);
    expect(added()).toEqual([]);
  });

  it('accepts a PDF over 10 MB (the image limit does not apply)', async () => {
    const pdf = makePdf();
    const response = await upload('/api/upload/pdf', [filePart('pdf', Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024)]))]);
    expect(response.statusCode).toBe(200);
  });
});

describe('files of deleted or changed posts', () => {
  it('removes the files of a deleted post unless another record still uses them', async () => {
    const [image, shared, picture, pdf] = await Promise.all([
      upload('/api/upload', [filePart('image', png)]),
      upload('/api/upload', [filePart('image', png)]),
      upload('/api/upload/multi', [filePart('pictures', png)]),
      upload('/api/upload/pdf', [filePart('pdf', makePdf())]),
    ]).then((answers) => answers.map((a) => a.json()));
    const post = { title: 'With files', describtion: 'x', language: 'en', type: 'Guide', image, pdf, pictures: [picture[0], shared] };
    const created = (await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(ctx.authorToken), payload: post })).json();
    const other = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(ctx.authorToken), payload: { ...post, image: shared, pdf: '', pictures: [] } });
    expect(other.statusCode).toBe(201);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${created._id}`, headers: bearer(ctx.authorToken) });
    expect(removed.statusCode).toBe(200);
    for (const gone of [image, pdf, picture[0]]) expect((await ctx.app.inject({ method: 'GET', url: gone })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: shared })).statusCode).toBe(200);
  });

  it('removes a file a post no longer uses after an edit', async () => {
    const first = (await upload('/api/upload', [filePart('image', png)])).json();
    const second = (await upload('/api/upload', [filePart('image', png)])).json();
    const post = { title: 'Edit files', describtion: 'x', language: 'en', type: 'Guide', image: first };
    const created = (await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(ctx.authorToken), payload: post })).json();
    await ctx.app.inject({ method: 'PUT', url: `/api/posts/${created._id}`, headers: bearer(ctx.authorToken), payload: { ...post, image: second } });
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});
