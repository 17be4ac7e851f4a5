// Serves uploads and the built SPA from the same process as the API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, messages } from '../errors';
import { sendOriginalForMissingVariant } from '../modules/uploads/legacy-images';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Vite names built assets with a content hash (name-AbCd1234.js): those never change. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not built yet</title>
<p>The web client has not been built. Run <code>npm run build</code>, or <code>npm start</code>, which builds it.</p></html>`;

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
      setHeaders(reply, filePath) {
        // index.html and translation files must be revalidated so a new version shows at once.
        const cacheControl = HASHED_ASSET.test(path.basename(filePath))
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'no-cache';
        reply.header('Cache-Control', cacheControl);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // An image stored before variants existed: its original stands in until they are written.
    if (isRead && await sendOriginalForMissingVariant(uploadsDir, request.url, reply)) return reply;
    const isPageRequest = isRead &&
      !/^\/(api|uploads|assets)(\/|$|\?)/.test(request.url);
    if (!isPageRequest) return reply.status(404).send(errorBody(messages.routeNotFound));
    // Client-side routes (/about, /p/123 ...) are answered by the SPA.
    if (!clientBuilt) return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', clientDir);
  });
}
