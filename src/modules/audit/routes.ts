import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PageQuerySchema, errorResponses, pageNumberFrom } from '@shared/schemas';
import { AuditPageSchema } from './schema';


const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['audit'],
      summary: 'Staff changes, newest first (admin)',
      security: [{ bearerAuth: [] }],
      querystring: PageQuerySchema,
      response: { 200: AuditPageSchema, ...errorResponses },
    },
  }, async (request) => app.audit.page(pageNumberFrom(request.query.pageNumber)));
};

export default auditRoutes;
