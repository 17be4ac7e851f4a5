// Tokens as an attacker who knows the secret's algorithm family would forge them: another HMAC
// algorithm, no expiry, "none". Only HS256 tokens with exp are accepted.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_TOKEN_LIFETIME_SECONDS, loadConfig } from '../config';
import { TEST_ADMIN, bearer, createTestApp, errorOf, login, type TestContext } from '../test/helpers';

let ctx: TestContext;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestApp({ TOKEN_LIFETIME_SECONDS: '3600' });
  const token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  adminId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
});
afterAll(async () => ctx.cleanup());

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: object, payload: object, hmac: 'sha256' | 'sha512' | null = 'sha256'): string {
  const unsigned = `${part(header)}.${part(payload)}`;
  const signature = hmac ? createHmac(hmac, ctx.config.jwtSecret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
}

const readUsers = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
const now = () => Math.floor(Date.now() / 1000);

describe('login tokens', () => {
  it('are HS256 with an expiry of TOKEN_LIFETIME_SECONDS', async () => {
    const token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const [header, payload] = token.split('.').slice(0, 2).map((text) => JSON.parse(Buffer.from(text, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('a well-formed forged HS256 token with exp works (the forgery helper is right)', async () => {
    expect((await readUsers(forge({ alg: 'HS256', typ: 'JWT' }, { sub: adminId, iat: now(), exp: now() + 60 }))).statusCode).toBe(200);
  });

  it.each([
    ['signed HS512 with the right secret', () => forge({ alg: 'HS512', typ: 'JWT' }, { sub: adminId, iat: now(), exp: now() + 60 }, 'sha512')],
    ['without exp', () => forge({ alg: 'HS256', typ: 'JWT' }, { sub: adminId, iat: now() })],
    ['with alg none and no signature', () => forge({ alg: 'none', typ: 'JWT' }, { sub: adminId, iat: now(), exp: now() + 60 }, null)],
    ['expired', () => forge({ alg: 'HS256', typ: 'JWT' }, { sub: adminId, iat: now() - 120, exp: now() - 60 })],
  ])('refuses a token %s with 401', async (_name, token) => {
    const response = await readUsers(token());
    expect(response.statusCode).toBe(401);
    errorOf(response.body);
  });

  it(`refuses a token lifetime under ${MIN_TOKEN_LIFETIME_SECONDS} seconds when the configuration is read`, () => {
    for (const lifetime of ['0', '59', '-5', '1.5', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: ctx.dataDir, TOKEN_LIFETIME_SECONDS: lifetime }), lifetime).toThrow(/TOKEN_LIFETIME_SECONDS/);
    }
    expect(loadConfig({ DATA_DIR: ctx.dataDir, TOKEN_LIFETIME_SECONDS: '60' }).tokenLifetimeSeconds).toBe(60);
  });
});
