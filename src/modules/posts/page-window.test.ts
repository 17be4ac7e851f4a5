import { describe, expect, it } from 'vitest';
import { pageWindow } from './manage-repository';

describe('pageWindow: a page read from the nearer end of the list', () => {
  it('reads the first half newest first and the second half oldest first', () => {
    expect(pageWindow(100, 0, 25)).toEqual({ order: 'DESC', limit: 25, skip: 0 });
    expect(pageWindow(100, 25, 25)).toEqual({ order: 'DESC', limit: 25, skip: 25 });
    expect(pageWindow(100, 50, 25)).toEqual({ order: 'ASC', limit: 25, skip: 25 });
    expect(pageWindow(100, 75, 25)).toEqual({ order: 'ASC', limit: 25, skip: 0 });
  });

  it('keeps a short last page short and answers nothing past the end', () => {
    expect(pageWindow(60, 50, 25)).toEqual({ order: 'ASC', limit: 10, skip: 0 });
    expect(pageWindow(60, 60, 25)).toBeNull();
    expect(pageWindow(0, 0, 25)).toBeNull();
  });
});
