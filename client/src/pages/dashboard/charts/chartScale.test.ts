import { describe, expect, it } from 'vitest';
import { labelledIndexes, valueTicks } from './chartScale';

describe('chart axes', () => {
  it('ticks the values in round steps from 0 to at least the largest', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(42)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('labels every day of a short period, and about eight spread over a long one, the last day always', () => {
    expect(labelledIndexes(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = labelledIndexes(30);
    expect(month.length).toBeLessThanOrEqual(9);
    expect(month[0]).toBe(0);
    expect(month.at(-1)).toBe(29);
    const year = labelledIndexes(366);
    expect(year.length).toBeLessThanOrEqual(9);
    expect(year.at(-1)).toBe(365);
    // No two labels closer than half a step.
    for (let index = 1; index < year.length; index++) expect(year[index] - year[index - 1]).toBeGreaterThanOrEqual(23);
  });
});
