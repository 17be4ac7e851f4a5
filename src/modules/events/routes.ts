// Privacy-first analytics (docs/product-rules.md: page views and Contact Us clicks): daily counts only,
// with no address, cookie or user agent kept, and no third-party service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import { errorResponses } from '@shared/schemas';
import { PUBLIC_BODY_LIMIT } from '@shared/body-limits';
import { isSitePath, lastDays, pathOnly, utcDay } from './days';
import { eventsMessages } from './messages';
import { EventsRepository } from './repository';
import { EVENT_NAMES, EventBodySchema, SUMMARY_DAYS_DEFAULT, SummaryQuerySchema, SummarySchema, TOP_PATHS, type Summary } from './schema';

const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const events = new EventsRepository(app.db);

  app.post('/events', {
    bodyLimit: PUBLIC_BODY_LIMIT,
    onRequest: app.publicWriteLimit,
    schema: {
      tags: ['events'],
      summary: 'Count a page view or a Contact Us click (query string and fragment are dropped)',
      body: EventBodySchema,
      response: { 204: Type.Null({ description: 'Counted' }), ...errorResponses },
    },
  }, async (request, reply) => {
    if (!isSitePath(request.body.path)) throw apiError(400, eventsMessages.badPath, 'path');
    await events.countOne(utcDay(new Date()), request.body.name, pathOnly(request.body.path));
    return reply.status(204).send(null);
  });

  app.get('/events/summary', {
    onRequest: app.requireAuthor,
    schema: {
      tags: ['events'],
      summary: 'Daily page views and Contact Us clicks over the last `days` days, of the whole site or of one `path` (author)',
      security: [{ bearerAuth: [] }],
      querystring: SummaryQuerySchema,
      response: { 200: SummarySchema, ...errorResponses },
    },
  }, async (request): Promise<Summary> => {
    const days = request.query.days ?? SUMMARY_DAYS_DEFAULT;
    // Stored paths carry no query string or fragment, so the filter is cut the same way.
    const path = request.query.path === undefined ? undefined : pathOnly(request.query.path);
    const window = lastDays(new Date(), days);
    const from = window[0];
    const to = window[window.length - 1];

    const daily = new Map(window.map((day) => [day, { day, pageview: 0, contact_click: 0 }]));
    const totals = { pageview: 0, contact_click: 0 };
    for (const row of await events.perDay(from, to, path)) {
      const entry = daily.get(row.day);
      if (!entry || !(EVENT_NAMES as readonly string[]).includes(row.name)) continue;
      const name = row.name as keyof typeof totals;
      entry[name] += row.count;
      totals[name] += row.count;
    }
    return { days, totals, daily: [...daily.values()], topPaths: await events.topPageviewPaths(from, to, TOP_PATHS, path) };
  });
};

export default eventsRoutes;
