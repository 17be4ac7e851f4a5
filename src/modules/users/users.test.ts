import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';

let ctx: TestContext;

/** The answer with its one password-related flag taken out, for checks that no password or hash leaks. */
const withoutFlag = (body: string) => body.replace(/"mustChangePassword":(true|false)/g, '');
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => ctx.cleanup());

describe('POST /api/users/login', () => {
  it('answers the user info with a token and never the password', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: TEST_ADMIN });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ email: TEST_ADMIN.email, isAdmin: true, isAuthor: true, name: 'Administrator' });
    expect(body._id).toMatch(/^[a-f0-9]{24}$/);
    expect(body.token.split('.')).toHaveLength(3);
    expect(withoutFlag(JSON.stringify(body))).not.toMatch(/password|hash/i);
  });

  it('accepts the email in another case', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { ...TEST_ADMIN, email: 'ADMIN@Example.org' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike with 401', async () => {
    for (const payload of [{ ...TEST_ADMIN, password: 'wrong-password' }, { email: 'nobody@example.org', password: 'whatever-123' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress: '10.9.9.9' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response.body).messageEn).toBe('Invalid email or password');
    }
  });

  it.each([
    [{ password: 'password-1' }, 'email'],
    [{ email: 'not-an-email', password: 'password-1' }, 'email'],
    [{ email: 'a'.repeat(26) + '@ex.org', password: 'password-1' }, 'email'],
    [{ email: 'a@ex.org' }, 'password'],
    [{ email: 'a@ex.org', password: 'short' }, 'password'],
    [{ email: 'a@ex.org', password: 'x'.repeat(33) }, 'password'],
    [{ email: 'a@ex.org', password: 12345678 }, 'password'],
  ])('validates %j (field %s)', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('answers 429 after 20 failures from one address, without counting other addresses', async () => {
    // Guesses spread over many accounts, so only the per-address limit is at play (see login-limit.test.ts).
    const attempt = (remoteAddress: string, email: string, password = 'wrong-password') =>
      ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
    for (let i = 0; i < 20; i++) expect((await attempt('10.0.0.66', `guess${i}@example.org`)).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.66', TEST_ADMIN.email, TEST_ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked.body).messageAr).toMatch(/محاولات/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.0.0.67', TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
  });
});

describe('users (admin)', () => {
  it('creates a user with defaults, lists it, refuses a duplicate email with 409', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Layla', email: 'layla@example.org', password: 'password-123', confirmPassword: 'password-123' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Layla', email: 'layla@example.org', isAdmin: false, isAuthor: true });
    expect(withoutFlag(created.body)).not.toMatch(/password/);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { email: string }) => u.email)).toContain('layla@example.org');
    expect(withoutFlag(list.body)).not.toMatch(/password|hash/i);

    const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Other', email: 'LAYLA@example.org', password: 'password-123' } });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate.body).field).toBe('email');
  });

  it("answers 'Passwords Should match' with its Arabic when confirmPassword differs", async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Sara', email: 'sara@example.org', password: 'password-123', confirmPassword: 'password-124' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toEqual({ messageEn: 'Passwords Should match', messageAr: 'كلمتا المرور غير متطابقتين', field: 'confirmPassword' });
  });

  it.each([
    [{ email: 'x@example.org', password: 'password-123' }, 'name'],
    [{ name: '   ', email: 'x@example.org', password: 'password-123' }, 'name'],
    [{ name: 'n'.repeat(33), email: 'x@example.org', password: 'password-123' }, 'name'],
    [{ name: 'Ok', email: 'x@example.org', password: 'password-123', isAdmin: 'yes' }, 'isAdmin'],
    [{ name: 'Ok', email: 'x@example.org', password: 'password-123', role: 'root' }, 'role'],
  ])('validates %j', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('refuses anonymous callers with 401 and authors with 403', async () => {
    const author = await createAuthor(ctx.app, adminToken, 'author1@example.org');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(author.token) });
    expect(forbidden.statusCode).toBe(403);
    errorOf(forbidden.body);
    const createAsAuthor = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(author.token), payload: { name: 'X', email: 'x2@example.org', password: 'password-123' } });
    expect(createAsAuthor.statusCode).toBe(403);
  });

  it('refuses forged, malformed and expired tokens with 401', async () => {
    const [header, payload] = adminToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, 'not-a-token']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      errorOf(response.body);
    }
    const expired = ctx.app.jwt.sign({ sub: 'x' }, { expiresIn: -10 } as never);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.body).messageEn).toMatch(/expired/);
  });

  it('deletes a user, whose token then stops working; refuses self-deletion and unknown ids', async () => {
    const victim = await createAuthor(ctx.app, adminToken, 'victim@example.org');
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: bearer(adminToken) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ _id: victim.id });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(victim.token) })).statusCode).not.toBe(200);

    const admin = (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(adminToken) })).json().find((u: { email: string }) => u.email === TEST_ADMIN.email);
    const self = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${admin._id}`, headers: bearer(adminToken) });
    expect(self.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/users/ffffffffffffffffffffffff', headers: bearer(adminToken) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/users/bad%20id!', headers: bearer(adminToken) })).statusCode).toBe(400);
  });

  it('records user changes in the audit log, newest first, without passwords', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const { entries, pages } = response.json();
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(entries[0]).toMatchObject({ action: 'delete', entity: 'user', userEmail: TEST_ADMIN.email });
    expect(entries.some((e: { action: string; entity: string }) => e.action === 'create' && e.entity === 'user')).toBe(true);
    expect(response.body).not.toMatch(/password/i);
  });
});
