import { describe, expect, it } from 'vitest';
import { countShiftPresses } from './shiftCounter';

describe('countShiftPresses', () => {
  it('counts presses within five seconds', () => {
    let presses = countShiftPresses([], 0);
    presses = countShiftPresses(presses, 1000);
    presses = countShiftPresses(presses, 4000);
    expect(presses).toHaveLength(3);
  });
  it('forgets presses older than the window', () => {
    const presses = countShiftPresses([0, 1000], 6500);
    expect(presses).toEqual([6500]);
  });
});
