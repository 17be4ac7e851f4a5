// Range requests on uploads as a download manager, a PDF reader and a media player send them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestContext } from '../../test/helpers';

let ctx: TestContext;
const SIZE = 1000;
const file = Buffer.from(Array.from({ length: SIZE }, (_, index) => index % 251));
const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/uploads/abcdef0123456789abcdef01.pdf', headers });

beforeAll(async () => {
  ctx = await createTestApp();
  writeFileSync(path.join(ctx.config.uploadsDir, 'abcdef0123456789abcdef01.pdf'), file);
});
afterAll(async () => ctx.cleanup());

describe('range requests on uploads', () => {
  it('a range past the end answers 416 with Content-Range: bytes */<size>, in the bilingual error shape', async () => {
    for (const range of ['bytes=1000-2000', 'bytes=5000-']) {
      const answer = await get({ range });
      expect(answer.statusCode).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(errorOf(answer.body).messageEn).toMatch(/range/);
    }
  });

  it('a satisfiable range answers 206 with exactly those bytes', async () => {
    const answer = await get({ range: 'bytes=10-19' });
    expect(answer.statusCode).toBe(206);
    expect(answer.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
    expect(answer.rawPayload.equals(file.subarray(10, 20))).toBe(true);
  });

  it('If-Range with an entity-tag compares strongly: the weak tag the server gave never matches, so the whole file is sent with 200', async () => {
    const etag = String((await get()).headers.etag);
    expect(etag).toMatch(/^W\//);
    for (const ifRange of [etag, etag.slice(2), '"something-else"']) {
      const answer = await get({ range: 'bytes=0-9', 'if-range': ifRange });
      expect({ ifRange, status: answer.statusCode }).toEqual({ ifRange, status: 200 });
      expect(answer.headers['content-range']).toBeUndefined();
      expect(answer.rawPayload.equals(file)).toBe(true);
    }
  });

  it('If-Range with the file\'s date still allows the range', async () => {
    const lastModified = String((await get()).headers['last-modified']);
    const answer = await get({ range: 'bytes=0-9', 'if-range': lastModified });
    expect(answer.statusCode).toBe(206);
    expect(answer.rawPayload.equals(file.subarray(0, 10))).toBe(true);
  });
});
