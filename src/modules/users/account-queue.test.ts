// Guesses for one account sent in parallel from many addresses, as a botnet would: each waits in
// the account's queue behind the delay, instead of all waiting the same 8 s side by side. Played
// on a virtual clock, so the order of the password checks is what is checked, never a duration.
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError } from '../../errors';
import { installErrorHandler } from '../../plugins/error-handler';
import { errorOf } from '../../test/helpers';
import { createLoginLimit, LOGIN_LIMITS, type LoginClock } from './login-limit';

const PASSWORD = 'the-right-password';

/** Time that moves only when the test says so. */
class VirtualClock implements LoginClock {
  private time = 1_000_000;
  private sleepers: Array<{ at: number; wake: () => void }> = [];
  now(): number { return this.time; }
  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ at: this.time + ms, wake }));
  }
  /** Moves time on by `ms`, waking each sleeper due on the way and letting it run. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const due = this.sleepers.filter((sleeper) => sleeper.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.time = due.at;
      this.sleepers = this.sleepers.filter((sleeper) => sleeper !== due);
      due.wake();
    }
    this.time = end;
    await settle();
  }
  get waiting(): number { return this.sleepers.length; }
}

/** Lets every promise chain that can move, move (requests in flight, hooks, the limiter's store). */
async function settle(): Promise<void> {
  for (let round = 0; round < 50; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

let app: FastifyInstance;
let clock: VirtualClock;
/** When (virtual time) each password check of the account ran, in order. */
let checks: number[];

beforeEach(async () => {
  clock = new VirtualClock();
  checks = [];
  app = Fastify();
  installErrorHandler(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.after();
  const limit = createLoginLimit(app, LOGIN_LIMITS, clock);
  // The login route's shape: admitted, then the password checked, the failure recorded, released.
  app.post<{ Body: { email: string; password: string } }>('/login', async (request, reply) => {
    const attempt = await limit.admit(request, reply);
    try {
      checks.push(clock.now());
      if (request.body.password !== PASSWORD) {
        await attempt.recordFailure();
        throw apiError(401, { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' });
      }
      return { ok: true };
    } finally {
      attempt.release();
    }
  });
  await app.ready();
});
afterEach(async () => app.close());

const guess = (password: string, from: string) =>
  app.inject({ method: 'POST', url: '/login', payload: { email: 'Staff@Example.org ', password }, remoteAddress: from });

describe('parallel guesses against one account', () => {
  it('six wrong passwords from six addresses are checked one after another, each the delay after the one before', async () => {
    // Five failures, one by one, cost nothing.
    for (let n = 0; n < LOGIN_LIMITS.accountFreeFailures; n += 1) expect((await guess('wrong', `198.51.100.${n}`)).statusCode).toBe(401);
    expect(checks).toHaveLength(LOGIN_LIMITS.accountFreeFailures);
    checks = [];
    const started = clock.now();
    const answers = Array.from({ length: 6 }, (_, n) => guess(`wrong-${n}`, `203.0.113.${n}`));
    await settle();
    // All six are waiting; none has been checked.
    expect(checks).toEqual([]);
    const statuses = (async () => (await Promise.all(answers)).map((answer) => answer.statusCode))();
    for (let second = 0; second < 60; second += 1) await clock.advance(1000);
    const done = await statuses;

    const checked = done.filter((status) => status === 401).length;
    expect(checks).toHaveLength(checked);
    // The first waits at least the first delay; each next one at least the first delay after it.
    expect(checks[0] - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountFirstDelayMs);
    for (let index = 1; index < checks.length; index += 1) {
      expect(checks[index] - checks[index - 1]).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountFirstDelayMs);
    }
    // Those that would have waited past the bound were told at once, in both languages, when to come back.
    for (const [index, status] of done.entries()) {
      if (status === 401) continue;
      expect(status).toBe(429);
      const refused = await answers[index];
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorOf(refused.body).messageEn).toMatch(/Too many login attempts for this account/);
    }
    // No check ever waited longer than the bound (the connection's idle limit is further still).
    expect(checks.at(-1)! - started).toBeLessThanOrEqual(LOGIN_LIMITS.accountMaxWaitMs);
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(clock.waiting).toBe(0);
  });

  it('a flood of parallel guesses never has two checks of the account at the same moment, and the owner then gets in after one delay', async () => {
    for (let n = 0; n < LOGIN_LIMITS.accountFreeFailures; n += 1) await guess('wrong', `198.51.100.${n}`);
    checks = [];
    const flood = Promise.all(Array.from({ length: 40 }, (_, n) => guess(`wrong-${n}`, `203.0.${n}.1`)));
    for (let second = 0; second < 60; second += 1) await clock.advance(1000);
    const statuses = (await flood).map((answer) => answer.statusCode);
    expect(new Set(checks).size).toBe(checks.length);
    expect(statuses.filter((status) => status === 401)).toHaveLength(checks.length);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(30);
    // The queue has drained: the owner waits one delay, then is in.
    const owner = guess(PASSWORD, '192.0.2.7');
    await clock.advance(LOGIN_LIMITS.accountMaxDelayMs);
    expect((await owner).statusCode).toBe(200);
  });
});
