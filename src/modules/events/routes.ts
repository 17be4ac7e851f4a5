// Privacy-first analytics (docs/product-rules.md: page views and Contact Us clicks): daily counts only,
// with no address, cookie or user agent kept, and no third-party service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiError, messages } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import { PUBLIC_BODY_LIMIT } from '@shared/body-limits';
import { CsvResponseSchema, sendCsv, toCsv } from '@shared/csv';
import { errorResponses } from '@shared/schemas';
import { utcDay } from '@shared/days';
import { daysBetween, isSitePath, lastDays, pathOnly } from './days';
import { pageLabels } from './labels';
import { eventsMessages } from './messages';
import { CsvQuerySchema, EVENT_NAMES, EventBodySchema, RANGE_DAYS_MAX, SUMMARY_DAYS_DEFAULT, SummaryQuerySchema, SummarySchema, TOP_PATHS, TOP_PATHS_CSV, type Summary, type SummaryQuery } from './schema';

const CSV_HEADINGS = {
  daily: { en: ['Day', 'Page views', 'Contact Us clicks'], ar: ['اليوم', 'مشاهدات الصفحات', 'نقرات اتصل بنا'] },
  top: { en: ['Page', 'Path', 'Page views'], ar: ['الصفحة', 'المسار', 'مشاهدات الصفحات'] },
} as const;

/** The period asked for: from and to (both, in order, at most 366 days), or the last `days` days. */
function periodOf(query: SummaryQuery): string[] {
  if (query.from === undefined && query.to === undefined) return lastDays(new Date(), query.days ?? SUMMARY_DAYS_DEFAULT);
  if (query.from === undefined || query.to === undefined) throw apiError(400, eventsMessages.rangeIncomplete, query.from === undefined ? 'from' : 'to');
  if (query.from > query.to) throw apiError(400, messages.rangeReversed, 'from');
  if (Date.parse(query.to) - Date.parse(query.from) >= RANGE_DAYS_MAX * 86_400_000) throw apiError(400, eventsMessages.rangeTooLong, 'to');
  return daysBetween(query.from, query.to);
}

const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { events } = app.repositories;
  const security = [{ bearerAuth: [] }];

  /** Daily counts and the most viewed pages (named) of one period, of the site or one path. */
  async function summaryOf(query: SummaryQuery, viewer: CurrentUser, topLimit: number): Promise<Summary> {
    // Stored paths carry no query string or fragment, so the filter is cut the same way.
    const path = query.path === undefined ? undefined : pathOnly(query.path);
    const window = periodOf(query);
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
    const top = await events.topPageviewPaths(from, to, topLimit, path);
    const labels = await pageLabels(app.repositories, top.map((row) => row.path), viewer, query.lang ?? 'en');
    return {
      days: window.length, from, to, totals, daily: [...daily.values()],
      topPaths: top.map((row) => ({ path: row.path, label: labels.get(row.path) ?? null, pageview: row.pageview })),
    };
  }

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
      summary: 'Daily page views and Contact Us clicks from `from` to `to` (or over the last `days` days), of the whole site or of one `path`, with the most viewed pages named (author)',
      security,
      querystring: SummaryQuerySchema,
      response: { 200: SummarySchema, ...errorResponses },
    },
  }, async (request): Promise<Summary> => summaryOf(request.query, request.currentUser!, TOP_PATHS));

  app.get('/events/daily.csv', {
    onRequest: app.requireAuthor,
    schema: {
      tags: ['events'], summary: 'The daily page views and Contact Us clicks of a period as a CSV download (author)', security,
      querystring: CsvQuerySchema, produces: ['text/csv'], response: { 200: CsvResponseSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const summary = await summaryOf(request.query, request.currentUser!, 0);
    const rows = summary.daily.map((day) => [day.day, day.pageview, day.contact_click]);
    return sendCsv(reply, `visits-daily-${summary.from}-to-${summary.to}.csv`, toCsv([...CSV_HEADINGS.daily[request.query.lang ?? 'en']], rows));
  });

  app.get('/events/top.csv', {
    onRequest: app.requireAuthor,
    schema: {
      tags: ['events'], summary: `The ${TOP_PATHS_CSV} most viewed pages of a period, named, as a CSV download (author)`, security,
      querystring: CsvQuerySchema, produces: ['text/csv'], response: { 200: CsvResponseSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const summary = await summaryOf(request.query, request.currentUser!, TOP_PATHS_CSV);
    const rows = summary.topPaths.map((row) => [row.label ?? row.path, row.path, row.pageview]);
    return sendCsv(reply, `visits-top-pages-${summary.from}-to-${summary.to}.csv`, toCsv([...CSV_HEADINGS.top[request.query.lang ?? 'en']], rows));
  });
};

export default eventsRoutes;
