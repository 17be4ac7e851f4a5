import { describe, expect, it } from 'vitest';
import { countsOf } from './ratingCounts';

describe('countsOf', () => {
  it('puts the counts of one scope under their star level, zero where there is no row, ignoring odd values', () => {
    const rows = [
      { scope: 'website', rate: 5, count: 2 }, { scope: 'website', rate: 1, count: 1 },
      { scope: 'service', rate: 5, count: 1 }, { scope: 'website', rate: 7, count: 9 },
    ] as const;
    expect(countsOf([...rows], 'website')).toEqual({ 5: 2, 4: 0, 3: 0, 2: 0, 1: 1 });
    expect(countsOf([...rows], 'service')).toEqual({ 5: 1, 4: 0, 3: 0, 2: 0, 1: 0 });
  });
});
