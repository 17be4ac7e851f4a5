// The encodings a page is sent in. A rendered page is compressed at most once per encoding, when a
// browser first asks for it, and kept in the page cache in the encodings asked for only: answering
// from the cache then costs no compression at all (brotli on every answer cut throughput by 15x).
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

export type Encoding = 'identity' | 'br' | 'gzip';

/** One page's body in the encodings kept so far (at least one). */
export type EncodedBodies = Partial<Record<Encoding, Buffer>>;

/** Quality 5: a 10-30 kB page in a fraction of a millisecond, within a few per cent of the best size. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * zlib answers a view of its 16 kB output chunk: a 3 kB page kept as it is holds 16 kB of memory
 * (measured: 4,000 pages held 65 MB instead of 12). Kept bodies are copied to their own size.
 */
function ownSize(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}

export function encode(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'identity') return identity;
  return ownSize(encoding === 'br' ? brotliCompressSync(identity, BROTLI_OPTIONS) : gzipSync(identity, { level: 6 }));
}

/** The page as it was rendered, from whichever encoding is kept. */
export function identityOf(bodies: EncodedBodies): Buffer {
  if (bodies.identity) return bodies.identity;
  if (bodies.br) return ownSize(brotliDecompressSync(bodies.br));
  if (bodies.gzip) return ownSize(gunzipSync(bodies.gzip));
  throw new Error('a page without any body');
}

/** The best encoding the client accepts (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set(acceptEncoding.toLowerCase().split(',').map((entry) => entry.trim())
    .filter((entry) => !/;\s*q=0(\.0*)?\s*$/.test(entry)).map((entry) => entry.split(';')[0].trim()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
