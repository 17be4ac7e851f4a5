import { describe, expect, it } from 'vitest';
import { countVotes } from './ratingCounts';

describe('countVotes', () => {
  it('counts each star level of one scope and ignores the other scope and odd values', () => {
    const votes = [
      { scope: 'website', rate: 5 }, { scope: 'website', rate: 5 }, { scope: 'website', rate: 1 },
      { scope: 'service', rate: 5 }, { scope: 'website', rate: 7 },
    ] as const;
    expect(countVotes([...votes], 'website')).toEqual({ 5: 2, 4: 0, 3: 0, 2: 0, 1: 1 });
    expect(countVotes([...votes], 'service')).toEqual({ 5: 1, 4: 0, 3: 0, 2: 0, 1: 0 });
  });
});
