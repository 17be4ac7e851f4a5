// Public five-star ratings of the service map and of the website (docs/product-rules.md, Data and API).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PUBLIC_BODY_LIMIT } from '@shared/body-limits';
import { CsvResponseSchema, sendCsv, toCsv } from '@shared/csv';
import { errorResponses } from '@shared/schemas';
import { RateBodySchema, RatedSchema, RatingCountSchema, RatingCsvQuerySchema, RatingScopeParamsSchema, RatingSummarySchema } from './schema';

const CSV_HEADINGS = { en: ['Rated', 'Stars', 'Votes'], ar: ['التقييم', 'النجوم', 'الأصوات'] } as const;
const SCOPE_NAMES = { en: { website: 'Website', service: 'Service' }, ar: { website: 'الموقع', service: 'الخدمة' } } as const;
const STARS = [5, 4, 3, 2, 1] as const;

const ratingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { rating: ratings } = app.repositories;

  app.post('/rating/:scope', {
    bodyLimit: PUBLIC_BODY_LIMIT,
    onRequest: app.publicWriteLimit,
    schema: {
      tags: ['rating'],
      summary: 'Rate the service map or the website (1 to 5 stars)',
      params: RatingScopeParamsSchema,
      body: RateBodySchema,
      response: { 201: RatedSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    await ratings.add(request.params.scope, request.body.rate);
    return reply.status(201).send({ rated: request.body.rate });
  });

  app.get('/rating', {
    config: { httpCache: 'public' },
    schema: {
      tags: ['rating'],
      summary: 'Average ratings: avgCountry (service map) and avgWebsite, one decimal, 0 without votes',
      response: { 200: RatingSummarySchema, ...errorResponses },
    },
  }, async () => ratings.summary());

  app.get('/rating/all/all', {
    config: { httpCache: 'public' },
    schema: {
      tags: ['rating'],
      summary: 'How many votes each scope got for each value, as { scope, rate, count } (at most 10 rows), for the dashboard tables',
      response: { 200: Type.Array(RatingCountSchema, { maxItems: 10 }), ...errorResponses },
    },
  }, async () => ratings.counts());

  app.get('/rating/counts.csv', {
    onRequest: app.requireAuthor,
    schema: {
      tags: ['rating'],
      summary: 'Votes per scope and star value as a CSV download, built on counts (author)',
      security: [{ bearerAuth: [] }],
      querystring: RatingCsvQuerySchema,
      produces: ['text/csv'],
      response: { 200: CsvResponseSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const lang = request.query.lang ?? 'en';
    const counts = await ratings.counts();
    const countOf = (scope: string, rate: number) => counts.find((row) => row.scope === scope && row.rate === rate)?.count ?? 0;
    const rows = (['website', 'service'] as const).flatMap((scope) => STARS.map((stars) => [SCOPE_NAMES[lang][scope], stars, countOf(scope, stars)]));
    return sendCsv(reply, 'ratings.csv', toCsv([...CSV_HEADINGS[lang]], rows));
  });
};

export default ratingRoutes;
