// Lays out the server's vote counts as 5..1-star rows per scope for the two rating tables (docs/product-rules.md, Screens).
import type { RatingCount } from '@shared/api-types';

export const STARS = [5, 4, 3, 2, 1] as const;

export function countsOf(rows: RatingCount[], scope: RatingCount['scope']): Record<number, number> {
  const counts: Record<number, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const row of rows) if (row.scope === scope && counts[row.rate] !== undefined) counts[row.rate] += row.count;
  return counts;
}
