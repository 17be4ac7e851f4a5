// The visitor count shown on the contact page. Reading it also counts the caller, once a day.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { clientAddressOf } from '../../plugins/client-address';
import { errorResponses } from '@shared/schemas';
import { DailyVisitors } from './daily-visitors';
import { VisitorRepository } from './repository';

/** Longer user agents add nothing to telling clients apart. */
const MAX_USER_AGENT = 512;

const visitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const visitors = new VisitorRepository(app.db);
  const daily = new DailyVisitors();

  app.get('/visitor', {
    schema: {
      tags: ['visitor'],
      summary: 'Total visitors so far; counts the caller at most once a day, storing nothing about them',
      response: { 200: Type.Object({ count: Type.Integer({ minimum: 0 }) }), ...errorResponses },
    },
  }, async (request) => {
    // The address the limits use too: X-Forwarded-For counts only from a trusted proxy (TRUST_PROXY).
    const userAgent = (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT);
    const { day, firstToday } = daily.sight(clientAddressOf(request), userAgent);
    if (firstToday) await visitors.countOne(day);
    return { count: await visitors.total() };
  });
};

export default visitorRoutes;
