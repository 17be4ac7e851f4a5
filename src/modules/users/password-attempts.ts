// A password typed outside the login form (the own-password change) is limited like a login: wrong
// ones count per client address and per account, in the same counters as failed logins, so an
// attacker cannot double the guesses by alternating between the two routes. Every such check goes
// through checkPasswordAttempt, so moving to another limiter changes this one function.
import { apiError, type BilingualMessage } from '../../errors';
import type { LoginLimiter } from './login-limiter';

/**
 * Refuses with 429 (`tooMany`) while the address or the account is over the limit; otherwise runs
 * `check` and counts a false answer against both. Resolves with check's answer.
 */
export async function checkPasswordAttempt(
  limiter: LoginLimiter,
  attempt: { address: string; userId: string },
  tooMany: BilingualMessage,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const accountKey = `account:${attempt.userId}`;
  if (limiter.isBlocked(attempt.address) || limiter.isBlocked(accountKey)) throw apiError(429, tooMany);
  const correct = await check();
  if (!correct) {
    limiter.recordFailure(attempt.address);
    limiter.recordFailure(accountKey);
  }
  return correct;
}
