// What an upload may leak, tried as an attacker would hope to find it: a phone photo's GPS
// position, make and orientation, XMP and comments; a PDF's author and producer; and files
// built to crash or exhaust the encoder.
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '@shared/domain';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';
import { upgradeOlderImages } from './legacy-images';
import { MAX_IMAGE_SIDE } from './images';
import { sweepUnreferencedUploads } from './sweep';
import { PLANTED, makeImage, multipart, phonePhoto, pdfWithMetadata, pngClaiming, webpChunks } from '../../test/upload-files';

let ctx: StaffTestContext;
const files = () => readdirSync(ctx.config.uploadsDir).sort();
let before: string[];
beforeAll(async () => {
  ctx = await createStaffTestApp('cleaner@example.org');
});
afterAll(async () => ctx.cleanup());
beforeEach(() => {
  before = files();
});
const added = () => files().filter((f) => !before.includes(f));

async function upload(field: 'image' | 'pdf' | 'pictures', data: Buffer, contentType = 'application/octet-stream') {
  const url = field === 'image' ? '/api/upload' : field === 'pdf' ? '/api/upload/pdf' : '/api/upload/multi';
  const { payload, headers } = multipart([{ field, filename: 'IMG_0042.jpg', contentType, data }]);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(ctx.authorToken) } });
}

async function served(publicPath: string): Promise<Buffer> {
  const response = await ctx.app.inject({ method: 'GET', url: publicPath });
  expect(response.statusCode, publicPath).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return response.rawPayload;
}

/** Every way metadata could survive in a WebP: its chunks, what libvips reads, and the raw bytes. */
async function expectNoMetadata(file: Buffer): Promise<void> {
  const chunks = webpChunks(file);
  expect(chunks).not.toContain('EXIF');
  expect(chunks).not.toContain('XMP');
  const meta = await sharp(file).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  for (const planted of [PLANTED.make, PLANTED.xmp, PLANTED.comment, 'GPS', 'http://ns.adobe.com']) {
    expect(file.includes(Buffer.from(planted, 'latin1')), planted).toBe(false);
  }
}

/** The colour profile's description, read from its 'desc' tag (mluc or text). */
function profileDescription(icc: Buffer): string {
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (icc.toString('latin1', at, at + 4) !== 'desc') continue;
    const offset = icc.readUInt32BE(at + 4);
    const size = icc.readUInt32BE(at + 8);
    const tag = icc.subarray(offset, offset + size);
    if (tag.toString('latin1', 0, 4) === 'mluc') {
      const length = tag.readUInt32BE(20);
      const start = tag.readUInt32BE(24);
      return tag.subarray(start, start + length).swap16().toString('utf16le');
    }
    return tag.toString('latin1', 12).replace(/\0.*$/s, '');
  }
  return '';
}

describe('uploaded photos', () => {
  it('a phone photo with GPS, make, orientation 6, XMP and a comment comes back clean, upright, as WebP, with every variant clean', async () => {
    const photo = await phonePhoto(6);
    // The planted data really is in what is sent (control), so its absence below means something.
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.includes(Buffer.from(PLANTED.make))).toBe(true);
    expect(photo.includes(Buffer.from(PLANTED.xmp))).toBe(true);

    const response = await upload('image', photo, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const stored: string = response.json();
    expect(stored).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/);
    // 20 px wide: only its smallest variant (at its own width), the mark of a processed image.
    const variants = [imageVariantPath(stored, 480)];
    // The original bytes are not kept: only the WebP and its variants are on disk.
    expect(added()).toEqual([stored, ...variants].map((p) => path.basename(p)).sort());

    for (const publicPath of [stored, ...variants]) {
      const file = await served(publicPath);
      await expectNoMetadata(file);
      const meta = await sharp(file).metadata();
      expect(meta.orientation ?? 1).toBe(1);
      // Turned upright: 20 wide and 40 high, the red half (left as stored) now on top.
      expect([meta.width, meta.height]).toEqual([20, 40]);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [topR, , topB] = pixel(10, 5);
      const [bottomR, , bottomB] = pixel(10, 35);
      expect(topR).toBeGreaterThan(180);
      expect(topB).toBeLessThan(80);
      expect(bottomB).toBeGreaterThan(180);
      expect(bottomR).toBeLessThan(80);
    }
  });

  it('caps the longest side at 2,560 px, writes 480/960/1,200/1,600 px wide variants, and keeps only an sRGB profile (a Display P3 photo is converted)', async () => {
    const big = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: { r: 30, g: 120, b: 200 } } }).withIccProfile('p3').jpeg().toBuffer();
    expect(profileDescription((await sharp(big).metadata()).icc!)).toMatch(/P3/);
    const stored: string = (await upload('image', big)).json();
    const meta = await sharp(await served(stored)).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_IMAGE_SIDE, 1024]);
    expect(profileDescription(meta.icc!)).toMatch(/sRGB/);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = await sharp(await served(imageVariantPath(stored, width))).metadata();
      expect(variant.width).toBe(width);
      expect(variant.height).toBe(Math.round((1200 * width) / 3000));
      expect(profileDescription(variant.icc!)).toMatch(/sRGB/);
    }
  });

  it('never enlarges nor copies: a 64 px image has only its smallest variant, at its own width', async () => {
    const stored: string = (await upload('image', await makeImage('png', 64))).json();
    expect((await sharp(await served(imageVariantPath(stored, 480))).metadata()).width).toBe(64);
    for (const width of [960, 1200, 1600] as const) expect(existsSync(path.join(ctx.config.uploadsDir, path.basename(imageVariantPath(stored, width))))).toBe(false);
  });

  it('keeps an animated GIF animated (animated WebP), its variants too', async () => {
    const frames = await Promise.all(['red', 'green', 'blue'].map((background) => sharp({ create: { width: 600, height: 200, channels: 3, background } }).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: [200, 200, 200], loop: 0 }).toBuffer();
    const stored: string = (await upload('image', gif, 'image/gif')).json();
    expect(stored).toMatch(/\.webp$/);
    const meta = await sharp(await served(stored), { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect([meta.width, meta.pageHeight]).toEqual([600, 200]);
    const variant = await sharp(await served(imageVariantPath(stored, 480)), { animated: true }).metadata();
    expect([variant.pages, variant.width, variant.pageHeight]).toEqual([3, 480, 160]);
  });

  it('refuses a file with an image signature that cannot be decoded (415), storing nothing', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg '.repeat(50))]);
    const response = await upload('image', fake, 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body)).toEqual({ messageEn: 'Error! File Type is not supported', messageAr: 'خطأ! نوع الملف غير مدعوم', field: 'image' });
    expect(added()).toEqual([]);
  });

  it('refuses a decompression bomb (a tiny PNG claiming 20,000 × 20,000 px) with 413 before decoding it', async () => {
    const response = await upload('image', pngClaiming(20_000, 20_000), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response.body).field).toBe('image');
    expect(added()).toEqual([]);
  });

  it('refuses the whole multi-upload when one picture cannot be decoded, removing the others and their variants', async () => {
    const good = await makeImage('png', 32);
    const bad = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
    const { payload, headers } = multipart([good, good, bad].map((data) => ({ field: 'pictures', filename: 'x.gif', contentType: 'image/gif', data })));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/upload/multi', payload, headers: { ...headers, ...bearer(ctx.authorToken) } });
    expect(response.statusCode).toBe(415);
    expect(added()).toEqual([]);
  });
});

describe('uploaded PDFs', () => {
  it('comes back without its Info dictionary (author, creator, producer, dates), its XMP or an older revision\'s Info; the page is kept', async () => {
    const pdf = pdfWithMetadata();
    expect(pdf.includes(Buffer.from(PLANTED.author))).toBe(true);
    const response = await upload('pdf', pdf, 'application/pdf');
    expect(response.statusCode).toBe(200);
    const stored: string = response.json();
    expect(stored).toMatch(/^\/uploads\/[a-f0-9]{24}\.pdf$/);
    const file = (await ctx.app.inject({ method: 'GET', url: stored })).rawPayload;
    for (const gone of [PLANTED.author, PLANTED.producer, 'Shelter Office Writer', '/Author', '/Producer', '/Creator', '/CreationDate', '/ModDate', '/Metadata', 'xmpmeta', 'pdf-lib']) {
      expect(file.includes(Buffer.from(gone, 'latin1')), gone).toBe(false);
    }
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const document = await PDFDocument.load(file, { updateMetadata: false });
    expect(document.getPageCount()).toBe(1);
    expect(document.getAuthor()).toBeUndefined();
    expect(document.getProducer()).toBeUndefined();
    expect(document.getPage(0).getSize()).toEqual({ width: 300, height: 200 });
    expect(file.includes(Buffer.from('(Page text stays) Tj'))).toBe(true);
  });

  it('refuses a PDF it cannot parse (415, the bilingual file-type error), storing nothing', async () => {
    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R\nthis is not a PDF body at all\n', 'latin1');
    const response = await upload('pdf', broken, 'application/pdf');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body)).toEqual({ messageEn: 'Error! File Type is not supported', messageAr: 'خطأ! نوع الملف غير مدعوم', field: 'pdf' });
    expect(added()).toEqual([]);
  });

  it('attack: refuses bytes that only start like a PDF (no catalog, no page) instead of storing an empty document', async () => {
    for (const fake of [Buffer.from('%PDF-1.4\n% nothing else\n%%EOF\n'), Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 0x20)])]) {
      const response = await upload('pdf', fake, 'application/pdf');
      expect(response.statusCode).toBe(415);
      expect(errorOf(response.body).field).toBe('pdf');
    }
    expect(added()).toEqual([]);
  });
});

describe('variants on disk', () => {
  const HOUR = 60 * 60 * 1000;
  const age = (publicPath: string, ms: number) => {
    const time = (Date.now() - ms) / 1000;
    utimesSync(path.join(ctx.config.uploadsDir, path.basename(publicPath)), time, time);
  };
  const exists = (publicPath: string) => existsSync(path.join(ctx.config.uploadsDir, path.basename(publicPath)));
  const withVariants = (publicPath: string) => [publicPath, ...IMAGE_VARIANT_WIDTHS.map((w) => imageVariantPath(publicPath, w))];

  it('the sweep keeps a used image with its variants and removes an unused one with its variants', async () => {
    const used: string = (await upload('image', await makeImage('png', 1700))).json();
    const unused: string = (await upload('image', await makeImage('png', 1700))).json();
    await ctx.app.repositories.posts.create({ title: 't', describtion: 'd', language: 'en', type: 'Guide', image: used }, null);
    for (const p of [...withVariants(used), ...withVariants(unused)]) age(p, 48 * HOUR);
    await sweepUnreferencedUploads(ctx.app);
    for (const p of withVariants(used)) expect(exists(p), p).toBe(true);
    for (const p of withVariants(unused)) expect(exists(p), p).toBe(false);
  });

  it('deleting a post removes its image\'s variants with it', async () => {
    const image: string = (await upload('image', await makeImage('png', 1700))).json();
    const post = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(ctx.authorToken), payload: { title: 'x', describtion: 'y', language: 'en', type: 'Guide', image } });
    await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post.json()._id}`, headers: bearer(ctx.authorToken) });
    for (const p of withVariants(image)) expect(exists(p), p).toBe(false);
  });

  it('an image stored before this change (as sent, no variants) answers its variants with the original until the background upgrade cleans it and writes them', async () => {
    const legacyName = `${'ab'.repeat(12)}.jpg`;
    writeFileSync(path.join(ctx.config.uploadsDir, legacyName), await phonePhoto(6));
    age(`/uploads/${legacyName}`, 48 * HOUR);
    const variant = `/uploads/${'ab'.repeat(12)}-960w.webp`;
    const fallback = await ctx.app.inject({ method: 'GET', url: variant });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/jpeg');
    expect(fallback.headers['cache-control']).toBe('no-cache');
    // A variant of nothing is still a 404.
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${'cd'.repeat(12)}-960w.webp` })).statusCode).toBe(404);

    expect(await upgradeOlderImages(ctx.app, Date.now(), () => false)).toBe(1);
    const cleaned = readFileSync(path.join(ctx.config.uploadsDir, legacyName));
    const meta = await sharp(cleaned).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(cleaned.includes(Buffer.from(PLANTED.comment))).toBe(false);
    // 20 px wide: its smallest variant is written (at its own width); the wider ones it has not.
    await expectNoMetadata(await served(`/uploads/${'ab'.repeat(12)}-480w.webp`));
    // Nothing left to do the next time.
    expect(await upgradeOlderImages(ctx.app, Date.now(), () => false)).toBe(0);
  });
});
