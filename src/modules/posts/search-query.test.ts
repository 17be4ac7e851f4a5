import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache';
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

describe('ResultCache', () => {
  it('forgets entries after their lifetime, on clear, and the oldest when full', () => {
    let now = 0;
    const cache = new ResultCache<number>(2, 100, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    now = 101;
    expect(cache.get('b')).toBeUndefined();
    cache.set('d', 4);
    cache.clear();
    expect(cache.get('d')).toBeUndefined();
  });

  it('refuses a value computed before the last clear', () => {
    const cache = new ResultCache<number>();
    const before = cache.generation;
    cache.clear();
    cache.set('stale', 1, before);
    expect(cache.get('stale')).toBeUndefined();
    cache.set('fresh', 2, cache.generation);
    expect(cache.get('fresh')).toBe(2);
  });
});
