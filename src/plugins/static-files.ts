// Serves uploads and the built web client's files from the same process as the API. Pages
// themselves (and unknown addresses) are answered by the pages module.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Vite names built assets with a content hash (name-AbCd1234.js): those never change. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Build files that are not for browsers: the server render and the build manifest. */
const NOT_SERVED = /^\/(ssr|\.vite)(\/|$)/;

/** A file system's longest name, in bytes: a longer segment names no file. */
const MAX_FILE_NAME_BYTES = 255;
const namesFiles = (url: string) => url.split('?', 1)[0].split('/').every((segment) => segment.length <= MAX_FILE_NAME_BYTES);

/**
 * The static files' routes, where a segment too long for a file name is simply not found (the
 * pages module's not-found answer): @fastify/static's own spelling check would refuse it with 403.
 * (Longer than any address of the site, it was answered 414 before this: see request-target.ts.)
 */
async function registerFiles(app: FastifyInstance, options: FastifyStaticOptions): Promise<void> {
  await app.register(async (files) => {
    files.addHook('onRequest', (request, reply, done) => {
      if (!namesFiles(request.url)) {
        reply.callNotFound();
        return;
      }
      // If-Range compares validators strongly (RFC 9110, 13.1.5), and the files' ETags are weak:
      // an entity-tag there can never match, so the Range is ignored and the whole file sent
      // (send compared loosely and answered 206 to a weak tag).
      const ifRange = request.headers['if-range'];
      if (typeof ifRange === 'string' && ifRange.includes('"')) delete request.headers.range;
      done();
    });
    await files.register(fastifyStatic, options);
  });
}

export async function registerStaticFiles(app: FastifyInstance): Promise<void> {
  const { uploadsDir, clientDir } = app.config;

  // Upload names are generated and never reused, so browsers may keep them for a year.
  await registerFiles(app, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: ONE_YEAR_SECONDS * 1000,
  });

  const clientBuilt = existsSync(path.join(clientDir, 'index.html'));
  if (clientBuilt) {
    await registerFiles(app, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !NOT_SERVED.test(pathName),
      setHeaders(reply) {
        // index.html and translation files must be revalidated so a new version shows at once.
        // Judged by the name the browser asked for: the file sent may be its precompressed copy
        // (index-AbCd1234.js.br), whose name does not end like a hashed asset's.
        const asked = reply.request.url.split('?', 1)[0];
        const cacheControl = HASHED_ASSET.test(path.posix.basename(asked))
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'no-cache';
        reply.header('Cache-Control', cacheControl);
      },
    });
  }
}
