import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changedFields } from '../audit/repository';
import { apiError } from '../../errors';
import { assertDecorativeInBoth } from '@shared/alt-text';
import { errorResponses, storedAlt } from '@shared/schemas';
import { removeUnreferencedUploads } from '../uploads/storage';
import { contentMessages } from './messages';
import { ContentBodySchema, ContentParamsSchema, ContentSchema, TYPE_WITH_IMAGE } from './schema';
import { picturesOfContent } from '../uploads/widths';

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { content } = app.repositories;
  const security = [{ bearerAuth: [] }];

  app.get('/content/:type', {
    config: { httpCache: 'public' },
    schema: {
      tags: ['content'],
      summary: 'Read the page text of one type (empty texts when never saved)',
      params: ContentParamsSchema,
      response: { 200: ContentSchema, ...errorResponses },
    },
  }, async (request) => {
    const found = await content.findOrEmpty(request.params.type);
    return app.uploadWidths.annotate(found, picturesOfContent(found));
  });

  app.post('/content/:type', {
    onRequest: app.requireAuthor,
    schema: {
      tags: ['content'],
      summary: 'Create or replace the page text of one type (author)',
      security,
      params: ContentParamsSchema,
      body: ContentBodySchema,
      response: { 200: ContentSchema, ...errorResponses },
    },
  }, async (request) => {
    const { type } = request.params;
    const body = request.body;
    if (body.type !== undefined && body.type !== type) throw apiError(400, contentMessages.typeMismatch, 'type');
    const image = body.image ?? '';
    if (image !== '' && type !== TYPE_WITH_IMAGE) throw apiError(400, contentMessages.imageOnlyForAbout, 'image');

    const imageAltEn = storedAlt(body.imageAltEn);
    const imageAltAr = storedAlt(body.imageAltAr);
    assertDecorativeInBoth(imageAltEn, imageAltAr, 'imageAltAr');

    const before = await content.find(type);
    const saved = await content.save(type, { contentEn: body.contentEn, contentAr: body.contentAr, image, imageAltEn, imageAltAr });
    await app.audit.record(request.currentUser!, before ? 'update' : 'create', 'content', type, changedFields(before ?? {}, saved), null); // named by its type, which the dashboard translates
    // A replaced About image is removed from disk once nothing else shows it.
    if (before && before.image !== saved.image) await removeUnreferencedUploads(app.db, app.config.uploadsDir, [before.image]);
    return saved;
  });
};

export default contentRoutes;
