import { Type, type Static } from 'typebox';

import { EVENT_NAMES, type EventName } from '@shared/domain';

export { EVENT_NAMES, type EventName };

export const PATH_MAX = 200;
export const SUMMARY_DAYS_MAX = 365;
/** A chosen period (from, to) may cover a leap year. */
export const RANGE_DAYS_MAX = 366;
/** Rows of the top pages download (the screen shows TOP_PATHS). */
export const TOP_PATHS_CSV = 100;
export const SUMMARY_DAYS_DEFAULT = 30;
export const TOP_PATHS = 10;

export const EventBodySchema = Type.Object({
  name: Type.Union([Type.Literal('pageview'), Type.Literal('contact_click')]),
  // Checked further by isSitePath (the route answers a clearer message than a pattern would).
  path: Type.String({ minLength: 1, maxLength: PATH_MAX, description: 'A site path such as /posts/Iraq' }),
}, { additionalProperties: false });

const DayParam = (what: string) => Type.Optional(Type.String({ format: 'date', description: `${what} (YYYY-MM-DD, UTC), with the other end; wins over days` }));

export const SummaryQuerySchema = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: SUMMARY_DAYS_MAX, default: SUMMARY_DAYS_DEFAULT })),
  from: DayParam('First day'),
  to: DayParam('Last day'),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: PATH_MAX, description: 'Only the counts of this page, for example /contact' })),
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')], { description: 'Language of the fixed pages\' titles (and of a CSV file\'s headings); English by default' })),
});

export const CsvQuerySchema = SummaryQuerySchema;

const Counts = { pageview: Type.Integer({ minimum: 0 }), contact_click: Type.Integer({ minimum: 0 }) };

export const SummarySchema = Type.Object({
  days: Type.Integer(),
  from: Type.String({ description: 'First day of the period (YYYY-MM-DD, UTC)' }),
  to: Type.String({ description: 'Last day of the period' }),
  totals: Type.Object(Counts),
  daily: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), ...Counts })),
  topPaths: Type.Array(Type.Object({
    path: Type.String(),
    /** What the page is: a post's title, a city's name, a fixed page's title in `lang`; null for an unknown address or a post the caller may not see named. */
    label: Type.Union([Type.String(), Type.Null()]),
    pageview: Type.Integer({ minimum: 0 }),
  })),
});

export type Summary = Static<typeof SummarySchema>;
export type SummaryQuery = Static<typeof SummaryQuerySchema>;
