import { describe, expect, it } from 'vitest';
import { pageFromSearch, paginationRange } from './pagination';

describe('paginationRange', () => {
  it('shows two neighbours on each side in the middle', () => {
    expect(paginationRange(5, 10)).toEqual({ pages: [3, 4, 5, 6, 7], previous: 4, next: 6 });
  });
  it('is cut at the first and last page', () => {
    expect(paginationRange(1, 10)).toEqual({ pages: [1, 2, 3], previous: null, next: 2 });
    expect(paginationRange(10, 10)).toEqual({ pages: [8, 9, 10], previous: 9, next: null });
    expect(paginationRange(2, 3)).toEqual({ pages: [1, 2, 3], previous: 1, next: 3 });
  });
  it('handles a single page and no pages', () => {
    expect(paginationRange(1, 1)).toEqual({ pages: [1], previous: null, next: null });
    expect(paginationRange(1, 0)).toEqual({ pages: [1], previous: null, next: null });
  });
  it('links the last counted page to the next when a search says there are more', () => {
    expect(paginationRange(50, 50, 2, true)).toEqual({ pages: [48, 49, 50], previous: 49, next: 51 });
    expect(paginationRange(3, 50, 2, true)).toEqual({ pages: [1, 2, 3, 4, 5], previous: 2, next: 4 });
    expect(paginationRange(1, 0, 2, true)).toEqual({ pages: [1], previous: null, next: null });
  });
  it('clamps a page past the end', () => {
    expect(paginationRange(40, 4)).toEqual({ pages: [2, 3, 4], previous: 3, next: null });
  });
});

describe('pageFromSearch', () => {
  it('reads ?p= and defaults to 1', () => {
    expect(pageFromSearch('?p=3')).toBe(3);
    expect(pageFromSearch('p=7&q=x')).toBe(7);
    expect(pageFromSearch('')).toBe(1);
    expect(pageFromSearch('?p=0')).toBe(1);
    expect(pageFromSearch('?p=abc')).toBe(1);
    expect(pageFromSearch('?p=2.5')).toBe(1);
  });
});
