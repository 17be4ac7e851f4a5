// The page cache on its own: a byte budget, the least recently used page dropped first, each
// encoding made once and counted, nothing kept from before a clear.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache';

const page = (text: string): CachedPage => ({ status: 200, etag: `W/"${text.length}"`, bodies: { identity: Buffer.from(text) } });
const KB = 1024;

describe('PageCache', () => {
  it('stays within its byte budget, dropping the least recently used page first', () => {
    const cache = new PageCache(10 * KB);
    for (const name of ['a', 'b', 'c', 'd']) cache.set(name, page(name.repeat(2 * KB)));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('e', page('e'.repeat(3 * KB)));
    expect(cache.bytes).toBeLessThanOrEqual(10 * KB);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
  });

  it('makes each encoding once, keeps it with the page and counts its bytes', () => {
    const cache = new PageCache();
    const text = '<p>page</p>'.repeat(500);
    const kept = page(text);
    cache.set('p', kept);
    const before = cache.bytes;
    const brotli = cache.body('p', kept, 'br');
    expect(cache.body('p', kept, 'br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(text);
    expect(cache.bytes).toBe(before + brotli.length);
    expect(gunzipSync(cache.body('p', kept, 'gzip')).toString()).toBe(text);
  });

  it('makes any encoding from the one kept, the page as rendered first of all', () => {
    const cache = new PageCache();
    const text = 'مرحبا '.repeat(400);
    const brotliOnly = page(text);
    brotliOnly.bodies = { br: cache.body('x', page(text), 'br') };
    cache.set('p', brotliOnly);
    expect(cache.body('p', brotliOnly, 'identity').toString()).toBe(text);
    expect(gunzipSync(cache.body('p', brotliOnly, 'gzip')).toString()).toBe(text);
  });

  it('never keeps a page rendered before a clear, nor an encoding of a page it no longer holds', () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.clear();
    cache.set('old', page('rendered from data read before the change'), generation);
    expect(cache.get('old')).toBeUndefined();
    const gone = page('x'.repeat(KB));
    cache.body('gone', gone, 'br');
    expect(cache.bytes).toBe(0);
  });

  it('takes a page larger than its whole budget without keeping it', () => {
    const cache = new PageCache(KB);
    cache.set('big', page('x'.repeat(4 * KB)));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('the memory a kept page holds', () => {
  it('is its bodies\' own bytes: a compressed body does not hold zlib\'s whole output chunk', () => {
    const cache = new PageCache();
    const kept = page('<p>short page</p>'.repeat(100));
    cache.set('p', kept);
    for (const encoding of ['br', 'gzip'] as const) {
      const body = cache.body('p', kept, encoding);
      expect(body.buffer.byteLength, encoding).toBe(body.length);
    }
  });
});
