// Public five-star ratings of the service map and of the website (docs/product-rules.md, Data and API).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas';
import { RatingRepository } from './repository';
import { RateBodySchema, RatedSchema, RatingScopeParamsSchema, RatingSummarySchema, RatingVoteSchema } from './schema';

/** docs/api-contract.md: public writes, at most 600 a minute from one address. */
export const PUBLIC_WRITE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

const ratingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ratings = new RatingRepository(app.db);

  app.post('/rating/:scope', {
    config: { rateLimit: PUBLIC_WRITE_RATE_LIMIT },
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
      summary: 'Every vote as { scope, rate }, for the dashboard tables',
      response: { 200: Type.Array(RatingVoteSchema), ...errorResponses },
    },
  }, async () => ratings.all());
};

export default ratingRoutes;
