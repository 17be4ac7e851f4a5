import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ping = app.sqlite.prepare('SELECT 1');
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Answers once the server can serve', response: { 200: Type.Object({ ok: Type.Boolean() }) } },
  }, async () => {
    ping.get();
    return { ok: true };
  });
};

export default healthRoutes;
