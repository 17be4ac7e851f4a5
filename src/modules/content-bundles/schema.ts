// The content-bundle routes' TypeBox schemas and the types derived from them.
import { Type, type Static } from 'typebox';

const Changes = Type.Object({ added: Type.Integer(), updated: Type.Integer(), deleted: Type.Integer(), unchanged: Type.Integer() });

export const ImportReportSchema = Type.Object({
  bundleId: Type.String(),
  baseBundleId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sourceName: Type.String(),
  sourceKey: Type.String(),
  appliedAt: Type.String(),
  changes: Type.Object({ posts: Changes, pages: Changes, cities: Changes, emergency: Changes, contacts: Changes }),
  keptDrafts: Type.Integer({ description: 'Posts the bundle would have changed, kept because this office holds them as drafts' }),
  keptOwn: Type.Integer({ description: 'Items the bundle carried under the id of an item this office made itself, left as the office has them' }),
  replacedCities: Type.Array(Type.String(), { description: 'Cities of this office replaced by a bundle city of the same name' }),
  files: Type.Object({ copied: Type.Integer(), alreadyPresent: Type.Integer() }),
});

const AppliedSchema = Type.Object({
  bundleId: Type.String(),
  baseBundleId: Type.Union([Type.String(), Type.Null()]),
  sourceName: Type.String(),
  sourceKey: Type.String(),
  createdAt: Type.String(),
  appliedAt: Type.String(),
});

const MadeSchema = Type.Object({
  bundleId: Type.String(),
  baseBundleId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  counts: Type.Record(Type.String(), Type.Integer()),
});

export const OverviewSchema = Type.Object({
  officeName: Type.Union([Type.String(), Type.Null()], { description: 'The name set in the dashboard' }),
  environmentOfficeName: Type.Union([Type.String(), Type.Null()], { description: 'OFFICE_NAME, used when the dashboard sets none' }),
  trustedKeys: Type.Array(Type.String(), { description: 'Keys pasted in the dashboard' }),
  environmentKeys: Type.Array(Type.String(), { description: 'Keys from CONTENT_TRUSTED_KEYS' }),
  signingKey: Type.Union([Type.String(), Type.Null()], { description: "This site's public key when it can make bundles (headquarters)" }),
  applied: Type.Array(AppliedSchema),
  made: Type.Array(MadeSchema),
});

const KEYS_MAX = 20;
const OFFICE_NAME_MAX = 100;

export const SettingsBodySchema = Type.Object({
  trustedKeys: Type.Array(Type.String({ maxLength: 100 }), { maxItems: KEYS_MAX }),
  officeName: Type.String({ maxLength: OFFICE_NAME_MAX }),
}, { additionalProperties: false });

export const ExportBodySchema = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 40, description: 'A bundle id made here, or "last"; absent for a full bundle' })),
}, { additionalProperties: false });

export type ImportReport = Static<typeof ImportReportSchema>;
export type BundlesOverview = Static<typeof OverviewSchema>;
