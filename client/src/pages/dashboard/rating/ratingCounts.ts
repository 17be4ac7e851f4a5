// Counts 5..1-star votes per scope for the two rating tables (docs/product-rules.md, Screens).
import type { RatingVote } from '@shared/api-types';

export const STARS = [5, 4, 3, 2, 1] as const;

export function countVotes(votes: RatingVote[], scope: RatingVote['scope']): Record<number, number> {
  const counts: Record<number, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const vote of votes) if (vote.scope === scope && counts[vote.rate] !== undefined) counts[vote.rate] += 1;
  return counts;
}
