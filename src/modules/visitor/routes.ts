// The visitor count shown on the contact page. Reading it also counts the caller, once a day.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '@shared/schemas';
import { clientOf } from './client';

const visitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { visitors } = app.repositories;

  app.get('/visitor', {
    schema: {
      tags: ['visitor'],
      summary: 'Total visitors so far; counts the caller at most once a day, storing nothing about them',
      response: { 200: Type.Object({ count: Type.Integer({ minimum: 0 }) }), ...errorResponses },
    },
  }, async (request) => {
    const { day, firstToday } = await app.dailyDigests.sight('visitor', ...clientOf(request));
    if (firstToday) await visitors.countOne(day);
    return { count: await visitors.total() };
  });
};

export default visitorRoutes;
