// Serves uploads and the built web client's files from the same process as the API. Pages
// themselves (and unknown addresses) are answered by the pages module.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Vite names built assets with a content hash (name-AbCd1234.js): those never change. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Build files that are not for browsers: the server render and the build manifest. */
const NOT_SERVED = /^\/(ssr|\.vite)(\/|$)/;

export async function registerStaticFiles(app: FastifyInstance): Promise<void> {
  const { uploadsDir, clientDir } = app.config;

  // Upload names are generated and never reused, so browsers may keep them for a year.
  await app.register(fastifyStatic, {
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
    await app.register(fastifyStatic, {
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
