// Uploads that would keep the server decoding past its own idle limit, played over a real socket
// as a client sees them: a crafted animated GIF, seven 100-megapixel PNGs in one call, and work
// that outlasts the deadline. Each gets a whole answer, and the uploads folder is left as it was.
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';
import { hundredMegapixelPng, noisyPhoto, sixteenFrameGif } from '../../test/crafted-images';
import { multipart } from '../../test/upload-files';
import { UPLOAD_LIMITS } from './limits';

/** Every file in the folder, temporary ones included. */
const filesIn = (ctx: StaffTestContext) => readdirSync(ctx.config.uploadsDir).sort();

async function post(ctx: StaffTestContext, url: string, field: string, files: Buffer[]): Promise<{ status: number; body: string }> {
  const { payload, headers } = multipart(files.map((data, index) => ({ field, data, filename: `f${index}`, contentType: 'application/octet-stream' })));
  const port = (ctx.app.server.address() as AddressInfo).port;
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { ...headers, ...bearer(ctx.authorToken) }, body: new Uint8Array(payload) });
  return { status: response.status, body: await response.text() };
}

describe('uploads whose decoding is bounded before it starts', () => {
  let ctx: StaffTestContext;
  beforeAll(async () => {
    ctx = await createStaffTestApp('decoder@example.org');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => ctx.cleanup());

  it('a crafted 16-frame 2,500 × 2,500 GIF is refused with 413 at once, and nothing of it is stored', async () => {
    const before = filesIn(ctx);
    const gif = await sixteenFrameGif();
    for (const [url, field] of [['/api/upload', 'image'], ['/api/upload/multi', 'pictures']] as const) {
      const answer = await post(ctx, url, field, [gif]);
      expect(answer.status).toBe(413);
      expect(errorOf(answer.body).field).toBe(field);
    }
    expect(filesIn(ctx)).toEqual(before);
  }, 60_000);

  it('seven (and twenty) 100-megapixel PNGs in one call are refused with 413 before any is decoded, nothing stored', async () => {
    const before = filesIn(ctx);
    const png = await hundredMegapixelPng();
    for (const count of [7, UPLOAD_LIMITS.picturesPerCall]) {
      const answer = await post(ctx, '/api/upload/multi', 'pictures', Array.from({ length: count }, () => png));
      expect(answer.status).toBe(413);
      expect(errorOf(answer.body).messageEn).toMatch(/200 megapixels in all/);
    }
    expect(filesIn(ctx)).toEqual(before);
  }, 60_000);
});

describe('work that outlasts the deadline', () => {
  let ctx: StaffTestContext;
  beforeAll(async () => {
    // An idle limit of 0.3 s: decoding a noisy photo and writing its variants takes far longer.
    ctx = await createStaffTestApp('slow@example.org', { IDLE_TIMEOUT_SECONDS: '0.3' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => ctx.cleanup());

  it('answers 503 before the idle limit closes the connection, and what the work stores later is removed', async () => {
    const before = filesIn(ctx);
    const answer = await post(ctx, '/api/upload', 'image', [await noisyPhoto()]);
    expect(answer.status).toBe(503);
    expect(errorOf(answer.body).messageEn).toMatch(/nothing was stored/);
    // The server's close waits for the abandoned work, which removes its files as it ends.
    await ctx.app.close();
    expect(filesIn(ctx)).toEqual(before);
  }, 60_000);
});
