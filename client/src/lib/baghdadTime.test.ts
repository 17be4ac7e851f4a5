import { describe, expect, it } from 'vitest';
import { baghdadInputToIso, formatBaghdad, isoToBaghdadInput } from './baghdadTime';

describe('Baghdad time', () => {
  it('reads a datetime-local value as Baghdad wall time, with its offset', () => {
    expect(baghdadInputToIso('2030-07-30T00:00')).toBe('2030-07-30T00:00:00+03:00');
    expect(Date.parse(baghdadInputToIso('2030-07-30T00:00')!)).toBe(Date.parse('2030-07-29T21:00:00Z'));
    expect(baghdadInputToIso('2030-07-30')).toBeNull();
    expect(baghdadInputToIso('')).toBeNull();
  });

  it('shows a UTC instant as Baghdad wall time, whatever the zone of this process', () => {
    expect(isoToBaghdadInput('2030-07-29T21:00:00.000Z')).toBe('2030-07-30T00:00');
    expect(isoToBaghdadInput('2030-12-31T22:30:00.000Z')).toBe('2031-01-01T01:30');
    expect(formatBaghdad('2030-07-29T21:00:00.000Z', 'en')).toBe('30 Jul 2030, 00:00');
    expect(formatBaghdad('2030-07-29T21:00:00.000Z', 'ar')).toMatch(/00:00/);
  });

  it('round-trips', () => {
    for (const local of ['2030-01-01T00:00', '2031-06-15T13:45', '2040-02-29T23:59']) {
      expect(isoToBaghdadInput(new Date(baghdadInputToIso(local)!).toISOString())).toBe(local);
    }
  });
});
