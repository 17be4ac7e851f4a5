// The login limit, built from @fastify/rate-limit's createRateLimit:
// - per client address: 20 failures within 15 minutes, then 429 until the window passes. A check
//   in progress counts as a failure until it is known not to be one, and at most 2 checks run at
//   once per address, so parallel guesses cannot all slip past the count before it is updated.
// - per account: from the 6th failure within 15 minutes, every check of that account waits first
//   (1 s, 2 s, 4 s, then 8 s at most), and the checks of one account wait in one queue: each starts
//   that delay after the one before it, so guesses sent in parallel from many addresses are as slow
//   as guesses sent one by one (a check in the queue counts as a failure, like at the address).
//   The wait stays under the connection's idle limit: a check that would wait longer than 20 s is
//   answered 429 at once with Retry-After. The right password still gets in after its wait: an
//   attacker can slow a staff member down, never lock them out for longer than they keep guessing.
// - the own-password change (a stolen token guessing the current password) shares the per-address
//   count with logins, so alternating the two routes doubles nothing, and has a hard cap per
//   account (20 wrong current passwords within 15 minutes, then 429). Logging in is not affected by
//   that cap: the owner can always log in and sessions can be ended.
// Memory only: a restart forgets them all, which only helps a real user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import { apiError, type BilingualMessage } from '../../errors';
import { clientAddressOf } from '../../plugins/client-address';
import { ADDRESSES_REMEMBERED } from '../../plugins/rate-limits';
import { userMessages } from './messages';

export interface LoginLimits {
  failuresPerAddress: number;
  windowMs: number;
  checksAtOncePerAddress: number;
  /** Failures of one account before its checks start to wait. */
  accountFreeFailures: number;
  accountFirstDelayMs: number;
  accountMaxDelayMs: number;
  /** The longest a check may wait in its account's queue (kept under the idle limit); longer: 429. */
  accountMaxWaitMs: number;
  /** Wrong current passwords of one account in the own-password change before it answers 429. */
  passwordChangeFailuresPerAccount: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  failuresPerAddress: 20,
  windowMs: 15 * 60 * 1000,
  checksAtOncePerAddress: 2,
  accountFreeFailures: 5,
  accountFirstDelayMs: 1000,
  accountMaxDelayMs: 8000,
  accountMaxWaitMs: 20_000,
  passwordChangeFailuresPerAccount: 20,
};

/** Time as the limit sees it: real by default, a stand-in in tests. */
export interface LoginClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: LoginClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** Counted as high as this, so the account's failure count can be read back (remaining = max - count). */
const ACCOUNT_COUNT_CEILING = 1_000_000;

export interface LoginAttempt {
  /** Call after a wrong email or password (a wrong current password), before release(). */
  recordFailure(): Promise<void>;
  release(): void;
}

/** The wait before checking an account that has this many recent failures. */
export function accountDelayMs(failures: number, limits: LoginLimits = LOGIN_LIMITS): number {
  if (failures < limits.accountFreeFailures) return 0;
  const doublings = Math.min(failures - limits.accountFreeFailures, 30);
  return Math.min(limits.accountFirstDelayMs * 2 ** doublings, limits.accountMaxDelayMs);
}

/** One account's queue: when its last admitted check may start, and how many are admitted and not done. */
interface AccountQueue {
  lastStartAt: number;
  inProgress: number;
}

const accountKeyOf = (request: FastifyRequest) => `account:${String((request.body as { email?: unknown }).email).trim().toLowerCase()}`;

export function createLoginLimit(app: FastifyInstance, limits: LoginLimits = LOGIN_LIMITS, clock: LoginClock = REAL_CLOCK) {
  // The types omit `cache`, which createRateLimit passes on to its store like every other option.
  const remembered = { cache: ADDRESSES_REMEMBERED } as CreateRateLimitOptions;
  const addressFailures = app.createRateLimit({ ...remembered, max: limits.failuresPerAddress, timeWindow: limits.windowMs });
  const accountFailures = app.createRateLimit({
    ...remembered,
    max: ACCOUNT_COUNT_CEILING,
    timeWindow: limits.windowMs,
    keyGenerator: accountKeyOf,
  });
  const passwordChangeFailures = app.createRateLimit({
    ...remembered,
    max: limits.passwordChangeFailuresPerAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `password-change:${request.currentUser?.id ?? ''}`,
  });
  const checksRunning = new Map<string, number>();
  // Only accounts with checks admitted and not done: bounded by the checks in flight.
  const accountQueues = new Map<string, AccountQueue>();
  const maxWaitMs = Math.min(limits.accountMaxWaitMs, Math.floor((app.config?.timeouts.idleMs ?? Infinity) * 2 / 3));

  function release(address: string): void {
    const left = (checksRunning.get(address) ?? 1) - 1;
    if (left <= 0) checksRunning.delete(address);
    else checksRunning.set(address, left);
  }

  /**
   * Reserves one password check for the client's address, or throws 429 (`tooMany` when the address
   * is over its failures). Then runs the account's rule; the caller must release() what it gets.
   */
  async function admitAddress(
    request: FastifyRequest,
    reply: FastifyReply,
    tooMany: BilingualMessage,
    accountRule: () => Promise<void>,
    recordAccountFailure: () => Promise<unknown>,
  ): Promise<LoginAttempt> {
    const address = clientAddressOf(request);
    const others = checksRunning.get(address) ?? 0;
    if (others >= limits.checksAtOncePerAddress) throw apiError(429, userMessages.loginInProgress);
    // Reserved before the first await, and the failure count is read by the same synchronous call
    // (createRateLimit's local store answers at once): no other check can slip in between.
    checksRunning.set(address, others + 1);
    const addressStatus = addressFailures(request, { increment: false });
    try {
      const status = await addressStatus;
      // Each check still running may become a failure: count it as one already.
      if (!status.isAllowed && others >= status.remaining) {
        reply.header('Retry-After', String(status.ttlInSeconds));
        throw apiError(429, tooMany);
      }
      await accountRule();
    } catch (error) {
      release(address);
      throw error;
    }
    let released = false;
    return {
      async recordFailure() {
        await addressFailures(request);
        await recordAccountFailure();
      },
      release() {
        if (released) return;
        released = true;
        release(address);
      },
    };
  }

  /**
   * Takes the account's next place in its queue and waits for it. The place is chosen in one
   * synchronous step, after the failure count is read: parallel checks get successive places.
   */
  async function waitForAccountTurn(request: FastifyRequest, reply: FastifyReply, queue: AccountQueue): Promise<void> {
    const account = await accountFailures(request, { increment: false });
    const failures = account.isAllowed ? 0 : account.max - account.remaining;
    // The others admitted and not done may each become a failure: counted as ones already.
    const delay = accountDelayMs(failures + queue.inProgress - 1, limits);
    if (delay === 0) return;
    const now = clock.now();
    const startAt = Math.max(now, queue.lastStartAt) + delay;
    if (startAt - now > maxWaitMs) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil((startAt - now - maxWaitMs) / 1000))));
      throw apiError(429, userMessages.accountBusy);
    }
    queue.lastStartAt = startAt;
    await clock.sleep(startAt - now);
  }

  /** Admits one login check (the account in the body waits in its queue after many failures), or throws 429. */
  function admit(request: FastifyRequest, reply: FastifyReply): Promise<LoginAttempt> {
    const key = accountKeyOf(request);
    let joined: AccountQueue | null = null;
    const leave = () => {
      if (!joined) return;
      joined.inProgress -= 1;
      if (joined.inProgress === 0) accountQueues.delete(key);
      joined = null;
    };
    return admitAddress(request, reply, userMessages.tooManyLogins, async () => {
      const queue = accountQueues.get(key) ?? { lastStartAt: 0, inProgress: 0 };
      accountQueues.set(key, queue);
      queue.inProgress += 1;
      joined = queue;
      try {
        await waitForAccountTurn(request, reply, queue);
      } catch (error) {
        leave();
        throw error;
      }
    }, () => accountFailures(request)).then((attempt) => ({
      recordFailure: () => attempt.recordFailure(),
      release() {
        leave();
        attempt.release();
      },
    }));
  }

  /** Admits one check of the signed-in user's current password, or throws 429. */
  function admitPasswordChange(request: FastifyRequest, reply: FastifyReply): Promise<LoginAttempt> {
    return admitAddress(request, reply, userMessages.tooManyPasswordAttempts, async () => {
      const account = await passwordChangeFailures(request, { increment: false });
      if (!account.isAllowed && account.remaining <= 0) {
        reply.header('Retry-After', String(account.ttlInSeconds));
        throw apiError(429, userMessages.tooManyPasswordAttempts);
      }
    }, () => passwordChangeFailures(request));
  }

  return { admit, admitPasswordChange };
}
