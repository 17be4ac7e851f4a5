// Numbered pagination with 2 neighbours on each side of the current page (docs/product-rules.md, Constants).
export const PAGINATION_NEIGHBOURS = 2;

export interface PaginationRange {
  pages: number[];
  previous: number | null;
  next: number | null;
}

/** `more`: there are pages after `total` not counted (a search's count stops at a bound): the last counted page links to the next. */
export function paginationRange(current: number, total: number, neighbours = PAGINATION_NEIGHBOURS, more = false): PaginationRange {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const start = Math.max(1, page - neighbours);
  const end = Math.min(last, page + neighbours);
  const pages: number[] = [];
  for (let n = start; n <= end; n += 1) pages.push(n);
  return { pages, previous: page > 1 ? page - 1 : null, next: page < last || (more && total >= 1) ? page + 1 : null };
}

/** Reads ?p= as a page number; anything that is not a positive integer means page 1. */
export function pageFromSearch(search: string): number {
  const value = Number(new URLSearchParams(search).get('p'));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
