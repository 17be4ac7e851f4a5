import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache';

/** A computation the test finishes by hand, counting how often it was started. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => { resolve = done; });
  return { promise, resolve };
}

describe('ResultCache', () => {
  it('forgets entries after their lifetime, the oldest when full, and all on clear', async () => {
    let now = 0;
    const cache = new ResultCache<number>(2, 100, () => now);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) await cache.get(key, async () => value);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe(2);
    now = 101;
    expect(cache.peek('b')).toBeUndefined();
    await cache.get('d', async () => 4);
    cache.clear();
    expect(cache.peek('d')).toBeUndefined();
  });

  it('computes a key once for many concurrent requests that miss it', async () => {
    const cache = new ResultCache<number>();
    let started = 0;
    const work = deferred<number>();
    const compute = () => { started += 1; return work.promise; };
    const answers = Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    work.resolve(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(started).toBe(1);
  });

  it('drops only what a change touches, and never keeps a value read before a change that drops it', async () => {
    const cache = new ResultCache<string>();
    await cache.get('list:Iraq', async () => 'iraq page');
    await cache.get('list:Guide', async () => 'guide page');
    const slow = deferred<string>();
    const before = cache.get('list:Training', () => slow.promise);
    cache.apply((key) => (key === 'list:Guide' || key === 'list:Training' ? 'drop' : null));
    expect(cache.peek('list:Iraq')).toBe('iraq page');
    expect(cache.peek('list:Guide')).toBeUndefined();
    // A request after the change does not join the computation started before it.
    const after = cache.get('list:Training', async () => 'training page, after the save');
    slow.resolve('training page, before the save');
    expect(await before).toBe('training page, before the save');
    expect(await after).toBe('training page, after the save');
    expect(cache.peek('list:Training')).toBe('training page, after the save');
  });

  it('recomputes a stale entry for the next request while those arriving meanwhile get the stale answer', async () => {
    const cache = new ResultCache<string>();
    await cache.get('search', async () => 'old results');
    cache.apply(() => 'stale');
    let started = 0;
    const work = deferred<string>();
    const compute = () => { started += 1; return work.promise; };
    const first = cache.get('search', compute);
    expect(await cache.get('search', compute)).toBe('old results');
    expect(await cache.get('search', compute)).toBe('old results');
    work.resolve('new results');
    expect(await first).toBe('new results');
    expect(await cache.get('search', compute)).toBe('new results');
    expect(started).toBe(1);
  });

  it('keeps a value computed across a change that made its key stale only as stale', async () => {
    const cache = new ResultCache<string>();
    const slow = deferred<string>();
    const first = cache.get('search', () => slow.promise);
    cache.apply(() => 'stale');
    slow.resolve('read before the save');
    expect(await first).toBe('read before the save');
    expect(await cache.get('search', async () => 'read after the save')).toBe('read after the save');
  });

  it('lets every caller of a failed computation see the failure, and the next request try again', async () => {
    const cache = new ResultCache<number>();
    const failing = async () => { throw new Error('disk'); };
    await expect(Promise.all([cache.get('k', failing), cache.get('k', failing)])).rejects.toThrow('disk');
    expect(await cache.get('k', async () => 3)).toBe(3);
  });
});
