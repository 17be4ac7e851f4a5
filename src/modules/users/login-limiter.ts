// Failed logins per client address (docs/api-contract.md: after 20 failures within 15 minutes, 429 until
// the window passes). Kept in memory: a restart forgets it, which only helps a real user.
export const LOGIN_FAILURE_LIMIT = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limit = LOGIN_FAILURE_LIMIT, private readonly windowMs = LOGIN_WINDOW_MS, private readonly now: () => number = Date.now) {}

  private recent(address: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(address);
    else this.failures.set(address, times);
    return times;
  }

  isBlocked(address: string): boolean {
    return this.recent(address).length >= this.limit;
  }

  recordFailure(address: string): void {
    const times = this.recent(address);
    times.push(this.now());
    this.failures.set(address, times);
    // Bound memory under a flood of addresses: drop the oldest entries.
    if (this.failures.size > 10_000) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }
}
