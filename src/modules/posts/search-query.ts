import { normalizeForSearch } from './normalize';

/** Enough words for any real query; bounds the work one request can ask of FTS5. */
const MAX_TOKENS = 12;

/** The words the index may hold for a prefix (search-terms.ts), or null to ask the prefix itself. */
export type Expansions = (word: string) => readonly string[] | null;

/** What a visitor typed as the index's words: normalised like the index, cut into words; null when none is left. */
export function searchWordsOf(keyword: string): string[] | null {
  const words = normalizeForSearch(keyword)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_TOKENS);
  return words.length === 0 ? null : words;
}

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * The FTS5 MATCH expression of search words, which can never be FTS syntax: each word is a quoted
 * prefix phrase ("word"*), or the words of the index it stands for ("word" OR "words"), all joined
 * with AND. Both find the same posts; the second reads only as far as the page it is asked for.
 */
export function matchExpressionOf(words: readonly string[], expansionsOf: Expansions = () => null): string {
  return words.map((word) => {
    const expansions = expansionsOf(word);
    if (!expansions) return `${quoted(word)}*`;
    return expansions.length === 1 ? quoted(expansions[0]) : `(${expansions.map(quoted).join(' OR ')})`;
  }).join(' AND ');
}

/** A search as prefix phrases: the key its results are kept under, whatever words it stands for. */
export function toMatchExpression(keyword: string): string | null {
  const words = searchWordsOf(keyword);
  return words && matchExpressionOf(words);
}
