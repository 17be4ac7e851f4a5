import { describe, expect, it } from 'vitest';
import { Allowance, ESSENTIALS_BUDGET_BYTES, groupsToEvict, POSTS_BUDGET, type SavedGroup } from './budget';

const MB = 1024 * 1024;
const post = (index: number, bytes = 100_000): SavedGroup => ({ key: `post-${index}`, bytes, usedAt: 1_000 + index });

describe('the offline copy budget', () => {
  it('keeps 30 posts and evicts the oldest when the 31st is opened', () => {
    const thirty = Array.from({ length: 30 }, (_, index) => post(index));
    expect(groupsToEvict(thirty, POSTS_BUDGET)).toEqual([]);
    expect(groupsToEvict([...thirty, post(30)], POSTS_BUDGET)).toEqual(['post-0']);
  });

  it('evicts by last use, not by when a post was first saved', () => {
    const groups = Array.from({ length: 31 }, (_, index) => post(index));
    groups[0] = { ...groups[0], usedAt: 9_999 }; // the first post was opened again just now
    expect(groupsToEvict(groups, POSTS_BUDGET)).toEqual(['post-1']);
  });

  it('holds 20 MB: evicts the oldest until the rest fits, even with fewer than 30 posts', () => {
    const groups = [post(1, 8 * MB), post(2, 7 * MB), post(3, 4 * MB), post(4, 3 * MB)]; // 22 MB
    const evicted = groupsToEvict(groups, POSTS_BUDGET);
    expect(evicted).toEqual(['post-1']);
    const kept = groups.filter((group) => !evicted.includes(group.key));
    expect(kept.reduce((total, group) => total + group.bytes, 0)).toBeLessThanOrEqual(20 * MB);
  });

  it('a single post larger than the whole budget is not kept', () => {
    expect(groupsToEvict([post(1, 1 * MB), post(2, 21 * MB)], POSTS_BUDGET)).toEqual(['post-1', 'post-2']);
  });

  it('exactly at the budget nothing is evicted', () => {
    expect(groupsToEvict([post(1, 10 * MB), post(2, 10 * MB)], POSTS_BUDGET)).toEqual([]);
  });

  it('many posts over both bounds: what remains holds both', () => {
    const groups = Array.from({ length: 50 }, (_, index) => post(index, (index % 7) * MB / 2));
    const evicted = new Set(groupsToEvict(groups, POSTS_BUDGET));
    const kept = groups.filter((group) => !evicted.has(group.key));
    expect(kept.length).toBeLessThanOrEqual(30);
    expect(kept.reduce((total, group) => total + group.bytes, 0)).toBeLessThanOrEqual(20 * MB);
    // Only the oldest went: every kept post was opened after every evicted one.
    const newestEvicted = Math.max(...groups.filter((group) => evicted.has(group.key)).map((group) => group.usedAt));
    expect(kept.every((group) => group.usedAt > newestEvicted)).toBe(true);
  });
});

describe('the essentials allowance', () => {
  it('takes in order while the bytes fit, and refuses what would pass the budget', () => {
    const allowance = new Allowance(10 * MB);
    expect(allowance.take(6 * MB)).toBe(true);
    expect(allowance.take(5 * MB)).toBe(false); // refused: the count is unchanged
    expect(allowance.take(4 * MB)).toBe(true); // a smaller picture still fits
    expect(allowance.take(1)).toBe(false);
  });

  it('text for a hundred cities in both languages stays well inside the essentials budget', () => {
    const allowance = new Allowance(ESSENTIALS_BUDGET_BYTES);
    const pages = (8 + 100) * 2;
    for (let page = 0; page < pages; page += 1) expect(allowance.take(25_000)).toBe(true);
  });
});
