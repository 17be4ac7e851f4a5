import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedWindowStore } from './shared-rate-store';

const MINUTE = 60_000;
function increment(store: SharedWindowStore, key: string) {
  let result: { current: number; ttl: number } | undefined;
  store.incr(key, (_error, value) => { result = value; }, MINUTE);
  return result!;
}

describe('SharedWindowStore', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('is its own child, so every route counts into one window per address', () => {
    const store = new SharedWindowStore();
    expect(store.child()).toBe(store);
    increment(store, 'a');
    expect(increment(store.child(), 'a').current).toBe(2);
    expect(increment(store, 'b').current).toBe(1);
  });

  it('starts a new window once the old one has passed, and reads without counting', () => {
    vi.useFakeTimers();
    const store = new SharedWindowStore();
    increment(store, 'a');
    vi.advanceTimersByTime(20_000);
    expect(increment(store, 'a')).toEqual({ current: 2, ttl: 40_000 });
    store.read('a', (_error, value) => expect(value).toEqual({ current: 2, ttl: 40_000 }), MINUTE);
    vi.advanceTimersByTime(40_000);
    expect(increment(store, 'a')).toEqual({ current: 1, ttl: MINUTE });
  });
});
