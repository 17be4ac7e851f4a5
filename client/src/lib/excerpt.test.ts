import { describe, expect, it } from 'vitest';
import { excerpt, excerptLength } from './excerpt';

describe('excerptLength (docs/product-rules.md, Constants width table)', () => {
  it.each([
    [2560, 1400], [1920, 1400], [1919, 1145], [1565, 1145], [1564, 930], [1309, 930], [1308, 754],
    [1069, 754], [1068, 591], [856, 591], [855, 448], [719, 448], [718, 344], [601, 344], [600, 145], [320, 145],
  ])('width %i gives %i characters', (width, length) => {
    expect(excerptLength(width)).toBe(length);
  });
});

describe('excerpt', () => {
  it('cuts the text and adds dots', () => {
    expect(excerpt('x'.repeat(500), 375)).toBe(`${'x'.repeat(145)}...`);
  });
  it('keeps a short text whole, still with dots', () => {
    expect(excerpt('short', 1920)).toBe('short...');
  });
  it('never splits an Arabic character or emoji in two', () => {
    expect(excerpt('😀'.repeat(200), 375)).toBe(`${'😀'.repeat(145)}...`);
  });
});
