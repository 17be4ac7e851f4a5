import { normalizeForSearch } from './normalize';

/** Enough words for any real query; bounds the work one request can ask of FTS5. */
const MAX_TOKENS = 12;

/**
 * Turns what a visitor typed into an FTS5 MATCH expression that can never be FTS syntax:
 * the text is normalised like the index, cut into words, and each word becomes a quoted
 * prefix phrase ("word"*), all joined with AND. Returns null when no word is left.
 */
export function toMatchExpression(keyword: string): string | null {
  const words = normalizeForSearch(keyword)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_TOKENS);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' AND ');
}
