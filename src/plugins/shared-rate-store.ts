// One counter per address shared by every rate-limited route. docs/api-contract.md limits public writes
// (ratings and page-view events together) to 600 a minute from one address; @fastify/rate-limit
// gives each route its own store unless the store's child() hands back the same one.
interface WindowCount { count: number; startedAt: number }
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Addresses remembered at most; the oldest window is dropped first (bounded memory under a flood). */
const MAX_ADDRESSES = 10_000;

export class SharedWindowStore {
  private readonly windows = new Map<string, WindowCount>();

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      window = { count: 0, startedAt: now };
      this.windows.delete(key);
      if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const window = this.windows.get(key);
    const alive = window !== undefined && window.startedAt + timeWindow > now;
    callback(null, alive ? { current: window.count, ttl: window.startedAt + timeWindow - now } : { current: 0, ttl: timeWindow });
  }

  /** Every route shares this store, so their requests count together. */
  child(): SharedWindowStore {
    return this;
  }
}
