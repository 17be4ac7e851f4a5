import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './relativeTime';

const now = new Date(2026, 2, 5, 12, 0, 0).getTime();

describe('relativeTime (docs/product-rules.md, Constants)', () => {
  it('says a few seconds under one minute, also for a clock slightly ahead', () => {
    expect(relativeTime(now - 59_999, now)).toEqual({ kind: 'seconds' });
    expect(relativeTime(now + 5_000, now)).toEqual({ kind: 'seconds' });
  });
  it('counts whole minutes under one hour', () => {
    expect(relativeTime(now - 60_000, now)).toEqual({ kind: 'minutes', count: 1 });
    expect(relativeTime(now - 59 * 60_000 - 59_000, now)).toEqual({ kind: 'minutes', count: 59 });
  });
  it('counts whole hours under one day', () => {
    expect(relativeTime(now - 3_600_000, now)).toEqual({ kind: 'hours', count: 1 });
    expect(relativeTime(now - 23.9 * 3_600_000, now)).toEqual({ kind: 'hours', count: 23 });
  });
  it('shows day/month/year - HH:MM from one day on', () => {
    const date = new Date(2026, 0, 9, 7, 5);
    expect(relativeTime(date.getTime(), now)).toEqual({ kind: 'date', text: '9/1/2026 - 07:05' });
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025 - 23:59');
  });
  it('accepts ISO strings', () => {
    expect(relativeTime(new Date(now - 120_000).toISOString(), now)).toEqual({ kind: 'minutes', count: 2 });
  });
});
