import { Type, type Static } from 'typebox';

import type { RatingScope } from '@shared/domain';

export type { RatingScope };

const RatingScopeSchema = Type.Union([Type.Literal('service'), Type.Literal('website')]);

export const RatingScopeParamsSchema = Type.Object({ scope: RatingScopeSchema });

// Strict: an integer from 1 to 5, never a string or a fraction (bodies are not coerced).
export const RateBodySchema = Type.Object({
  rate: Type.Integer({ minimum: 1, maximum: 5 }),
}, { additionalProperties: false });

export const RatedSchema = Type.Object({ rated: Type.Integer({ minimum: 1, maximum: 5 }) });

export const RatingSummarySchema = Type.Object({
  /** Average of the service (city map) votes; 0 when there is none. */
  avgCountry: Type.Number(),
  avgWebsite: Type.Number(),
});

/** One row per scope and star value that has votes: the answer stays 10 rows at most, whatever the number of votes. */
export const RatingCountSchema = Type.Object({
  scope: RatingScopeSchema,
  rate: Type.Integer({ minimum: 1, maximum: 5 }),
  count: Type.Integer({ minimum: 1 }),
});

export const RatingCsvQuerySchema = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')], { description: 'Language of the headings and scope names' })),
});

export type RatingSummary = Static<typeof RatingSummarySchema>;
export type RatingCount = Static<typeof RatingCountSchema>;
