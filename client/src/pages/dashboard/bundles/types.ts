// Shapes of the content-bundle answers (see src/modules/content-bundles/schema.ts).
export const BUNDLE_KINDS = ['posts', 'pages', 'cities', 'emergency', 'contacts'] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

export interface KindChanges { added: number; updated: number; deleted: number; unchanged: number }

export interface ImportReport {
  bundleId: string; baseBundleId: string | null; createdAt: string; sourceName: string; sourceKey: string; appliedAt: string;
  changes: Record<BundleKind, KindChanges>; keptDrafts: number; replacedCities: string[]; files: { copied: number; alreadyPresent: number };
}

export interface BundlesOverview {
  officeName: string | null;
  environmentOfficeName: string | null;
  trustedKeys: string[];
  environmentKeys: string[];
  signingKey: string | null;
  applied: { bundleId: string; baseBundleId: string | null; sourceName: string; sourceKey: string; createdAt: string; appliedAt: string }[];
  made: { bundleId: string; baseBundleId: string | null; createdAt: string; counts: Record<string, number> }[];
}

export interface FiguresReport { office: string; exportId: string; createdAt: string; fromDay: string; toDay: string; alreadyImported: boolean }

interface Rating { votes: number; average: number }
export interface OfficeSummary {
  office: string; lastExportId: string; lastExportAt: string; importedAt: string; fromDay: string; toDay: string;
  visitors: number; pageviews: number; contactClicks: number; ratings: { website: Rating; service: Rating };
}
