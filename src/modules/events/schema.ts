import { Type, type Static } from 'typebox';

import { EVENT_NAMES, type EventName } from '@shared/domain';

export { EVENT_NAMES, type EventName };

export const PATH_MAX = 200;
export const SUMMARY_DAYS_MAX = 365;
export const SUMMARY_DAYS_DEFAULT = 30;
export const TOP_PATHS = 10;

export const EventBodySchema = Type.Object({
  name: Type.Union([Type.Literal('pageview'), Type.Literal('contact_click')]),
  // Checked further by isSitePath (the route answers a clearer message than a pattern would).
  path: Type.String({ minLength: 1, maxLength: PATH_MAX, description: 'A site path such as /posts/Iraq' }),
}, { additionalProperties: false });

export const SummaryQuerySchema = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: SUMMARY_DAYS_MAX, default: SUMMARY_DAYS_DEFAULT })),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: PATH_MAX, description: 'Only the counts of this page, for example /contact' })),
});

const Counts = { pageview: Type.Integer({ minimum: 0 }), contact_click: Type.Integer({ minimum: 0 }) };

export const SummarySchema = Type.Object({
  days: Type.Integer(),
  totals: Type.Object(Counts),
  daily: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), ...Counts })),
  topPaths: Type.Array(Type.Object({ path: Type.String(), pageview: Type.Integer({ minimum: 0 }) })),
});

export type EventBody = Static<typeof EventBodySchema>;
export type Summary = Static<typeof SummarySchema>;
