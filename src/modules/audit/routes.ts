import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuerySchema, errorResponses, pageNumberFrom } from '../../shared/schemas';

const AuditEntrySchema = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  userEmail: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  entity: Type.String(),
  entityId: Type.String(),
  changes: Type.Record(Type.String(), Type.Unknown()),
});

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['audit'],
      summary: 'Staff changes, newest first (admin)',
      security: [{ bearerAuth: [] }],
      querystring: PageQuerySchema,
      response: { 200: Type.Object({ entries: Type.Array(AuditEntrySchema), pages: Type.Integer() }), ...errorResponses },
    },
  }, async (request) => app.audit.page(pageNumberFrom(request.query.pageNumber)));
};

export default auditRoutes;
