import { describe, expect, it } from 'vitest';
import { toMatchExpression } from './search-query';

describe('toMatchExpression', () => {
  it('quotes each normalised word as a prefix phrase joined with AND', () => {
    expect(toMatchExpression('Human  TRAFFICKING')).toBe('"human"* AND "trafficking"*');
    expect(toMatchExpression('الإتّجار بالبشر')).toBe('"الاتجار"* AND "بالبشر"*');
  });

  it('drops every FTS operator character, so input is never syntax', () => {
    expect(toMatchExpression('"a" OR b* NEAR(c) -d ^e title:f')).toBe('"a"* AND "or"* AND "b"* AND "near"* AND "c"* AND "d"* AND "e"* AND "title"* AND "f"*');
    for (const keyword of ['', '   ', '"', '*', '-', '()', '^:']) expect(toMatchExpression(keyword)).toBeNull();
  });

  it('keeps at most 12 words', () => {
    expect(toMatchExpression(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!.split(' AND ')).toHaveLength(12);
  });
});
