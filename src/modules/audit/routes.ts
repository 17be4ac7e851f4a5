import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiError, messages } from '../../errors';
import { errorResponses, pageNumberFrom } from '@shared/schemas';
import { AuditFacetsSchema, AuditPageSchema, AuditQuerySchema } from './schema';

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get('/audit', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['audit'],
      summary: 'Staff changes, newest first, 20 a page, optionally of one person, one kind of item and a period of days (admin)',
      security,
      querystring: AuditQuerySchema,
      response: { 200: AuditPageSchema, ...errorResponses },
    },
  }, async (request) => {
    const { pageNumber, person, entity, from, to } = request.query;
    if (from !== undefined && to !== undefined && from > to) throw apiError(400, messages.rangeReversed, 'from');
    return app.audit.page(pageNumberFrom(pageNumber), { person, entity, from, to });
  });

  app.get('/audit/facets', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['audit'],
      summary: 'The people and the kinds of item the audit log holds, for its filters (admin)',
      security,
      response: { 200: AuditFacetsSchema, ...errorResponses },
    },
  }, async () => app.audit.facets());
};

export default auditRoutes;
