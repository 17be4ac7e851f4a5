// A page's description is cut from its post's text (summary): a long post is read only as far as
// the cut can reach, and the result must be the one the whole text gives.
import { describe, expect, it } from 'vitest';
import { summary } from './escape';

/** The cut as it reads the whole text. */
function wholeTextSummary(text: string, max = 200): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  if (chars.length <= max) return folded;
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

describe('summary', () => {
  const texts = [
    'short text',
    'The law protects victims. '.repeat(200),
    'يحمي القانون الضحايا من الاستغلال. '.repeat(300),
    `${' \n\t '.repeat(400)}${'word '.repeat(300)}`,
    `${'x'.repeat(199)} ${'y'.repeat(2000)}`,
    '😀 emoji and text '.repeat(120),
    `${'a '.repeat(99)}${' '.repeat(5000)}${'b '.repeat(200)}`,
    'n'.repeat(201),
    '\u2028line\u2029separators '.repeat(150),
  ];

  it('of a long post, read from its beginning only, is the cut the whole text gives', () => {
    for (const text of texts) {
      for (const max of [200, 500]) expect(summary(text, max), `${text.slice(0, 20)}… (${max})`).toBe(wholeTextSummary(text, max));
    }
  });
});
