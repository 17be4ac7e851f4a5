// The login limit played as an attacker: parallel guesses from one address, guesses spread over
// addresses against one account, and the owner of that account still getting in.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestContext } from '../../test/helpers';
import { accountDelayMs, LOGIN_LIMITS } from './login-limit';

let ctx: StaffTestContext;
let base: string;
const AUTHOR = { email: 'limited-author@example.org', password: 'author-password-1' };

beforeAll(async () => {
  // 200 parallel sockets from one address: above the default connection cap on purpose here.
  ctx = await createStaffTestApp(AUTHOR.email, { MAX_CONNECTIONS_PER_ADDRESS: '1000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx.cleanup());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

describe('the per-address limit under parallel guesses', () => {
  it('gives 200 parallel wrong logins from one address at most the limit\'s count of password checks, over any number of waves', async () => {
    let checked = 0;
    let inProgressAnswers = 0;
    let wave = 0;
    for (; wave < 20; wave += 1) {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A different unknown account each time: only the per-address limit stands in the way.
        body: JSON.stringify({ email: `w${wave}g${n}@example.org`, password: 'wrong-password' }),
      }).then(async (response) => ({ status: response.status, body: await response.json() as { message: string } }))));
      const wrong = answers.filter((answer) => answer.status === 401).length;
      expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
      inProgressAnswers += answers.filter((answer) => /being checked/.test(answer.body.message)).length;
      checked += wrong;
      if (wrong === 0) break;
    }
    expect(checked).toBe(LOGIN_LIMITS.failuresPerAddress);
    expect(wave).toBeLessThan(20);
    // Most of each wave never reached a password check: the checks-at-once cap answered first.
    expect(inProgressAnswers).toBeGreaterThan(150);
    // The right password from that address is refused too until the window passes.
    const blocked = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(AUTHOR) });
    expect(blocked.status).toBe(429);
  });
});

describe('the per-account delay', () => {
  it('grows from 1 s to 8 s after 5 failures of one account and never becomes a lockout', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 40].map((failures) => accountDelayMs(failures))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('slows guesses spread over many addresses against one account, while its owner still gets in', async () => {
    for (let n = 1; n <= LOGIN_LIMITS.accountFreeFailures; n += 1) {
      const { value, ms } = await timed(() => login(AUTHOR.email, 'wrong-password', `198.51.100.${n}`));
      expect(value.statusCode).toBe(401);
      expect(ms).toBeLessThan(LOGIN_LIMITS.accountFirstDelayMs);
    }
    const sixth = await timed(() => login(AUTHOR.email, 'wrong-password', '198.51.100.6'));
    expect(sixth.value.statusCode).toBe(401);
    expect(sixth.ms).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountFirstDelayMs);
    // The owner, from their own address, with six failures against the account: a 2 s wait, then in.
    const owner = await timed(() => login(AUTHOR.email, AUTHOR.password, '203.0.113.9'));
    expect(owner.value.statusCode).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(2 * LOGIN_LIMITS.accountFirstDelayMs);
    // Other accounts are not slowed.
    const other = await timed(() => login('admin@example.org', 'admin-password-1', '203.0.113.10'));
    expect(other.value.statusCode).toBe(200);
    expect(other.ms).toBeLessThan(LOGIN_LIMITS.accountFirstDelayMs);
  });
});
