// Bundles of one source apply in the order they were made, each once: asked before the files are
// copied, and again inside the import's write transaction (another import may have finished).
import { bundleMessages, refused } from './messages';
import type { ContentBundleRepository } from './repository';

export interface BundleOrder {
  bundleId: string;
  baseBundleId: string | null;
  createdAt: string;
  sourceKey: string;
}

/** Refuses a bundle that was applied already, is not newer than the last one of its source, or misses its base. */
export function checkOrder(repository: ContentBundleRepository, { bundleId, baseBundleId, createdAt, sourceKey }: BundleOrder): void {
  if (repository.findImport(bundleId)) throw refused(409, bundleMessages.alreadyApplied, 'bundle');
  const last = repository.lastImportFrom(sourceKey);
  if (last && createdAt <= last.createdAt) throw refused(409, bundleMessages.olderThanApplied, 'bundle');
  // Only the last bundle applied is a sound base: changes made between two earlier bundles would be lost.
  if (baseBundleId !== null && last?.bundleId !== baseBundleId) throw refused(409, bundleMessages.baseMissing, 'bundle');
}
