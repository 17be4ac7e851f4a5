// Which saved groups (a post: its page, its API answer and its pictures) the offline copy drops
// to stay within its budget: the least recently opened first, until both the number of groups
// and their bytes are within bounds. Pure, so the rule is tested without a browser.

export interface SavedGroup {
  key: string;
  /** Bytes of everything stored for the group. */
  bytes: number;
  /** When the visitor last opened it (ms since the epoch). */
  usedAt: number;
}

export interface Budget {
  maxGroups: number;
  maxBytes: number;
}

/** The last 30 posts a visitor opened, within 20 MB. */
export const POSTS_BUDGET: Budget = { maxGroups: 30, maxBytes: 20 * 1024 * 1024 };
/** The other public pages visited (home, emergency numbers, cities ...): each about 30 kB. */
export const PAGES_BUDGET: Budget = { maxGroups: 60, maxBytes: 5 * 1024 * 1024 };

/**
 * The essentials saved from the first visit (the help pages and every city page in both
 * languages, each at its language address and at its unprefixed one, the texts, then their
 * pictures): about 25 kB a page, four copies of each, so text alone stays near 2 MB with twenty
 * cities and within the budget up to about seventy; pictures fill what is left.
 */
export const ESSENTIALS_BUDGET_BYTES = 8 * 1024 * 1024;

/** Bytes handed out in order until the budget is spent: what comes first (the text) is kept first. */
export class Allowance {
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** True (and counted) when these bytes still fit; false leaves the count as it was. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }
}

/** The keys to evict, oldest first; what remains holds at most maxGroups and maxBytes. */
export function groupsToEvict(groups: readonly SavedGroup[], budget: Budget): string[] {
  let count = groups.length;
  let bytes = groups.reduce((total, group) => total + group.bytes, 0);
  // A stable sort: of two groups opened in the same millisecond, the one saved first goes first.
  const oldestFirst = [...groups].sort((a, b) => a.usedAt - b.usedAt);
  const evicted: string[] = [];
  for (const group of oldestFirst) {
    if (count <= budget.maxGroups && bytes <= budget.maxBytes) break;
    evicted.push(group.key);
    count -= 1;
    bytes -= group.bytes;
  }
  return evicted;
}
