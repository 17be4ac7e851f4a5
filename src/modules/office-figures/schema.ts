// The office-figures routes' TypeBox schemas and the types derived from them.
import { Type, type Static } from 'typebox';

export const FiguresReportSchema = Type.Object({
  office: Type.String(),
  exportId: Type.String(),
  createdAt: Type.String(),
  fromDay: Type.String(),
  toDay: Type.String(),
  alreadyImported: Type.Boolean(),
});

const Rating = Type.Object({ votes: Type.Integer(), average: Type.Number() });

export const OfficeSummarySchema = Type.Object({
  office: Type.String(),
  lastExportId: Type.String(),
  lastExportAt: Type.String(),
  importedAt: Type.String(),
  fromDay: Type.String(),
  toDay: Type.String(),
  visitors: Type.Integer(),
  pageviews: Type.Integer(),
  contactClicks: Type.Integer(),
  ratings: Type.Object({ website: Rating, service: Rating }),
});

export type FiguresReport = Static<typeof FiguresReportSchema>;
export type OfficeSummary = Static<typeof OfficeSummarySchema>;
