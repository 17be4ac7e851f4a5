// Accounts as an attacker and as a forgetful NGO would try them: own password change and token
// revocation, roles and disabling by admins, the last active admin, resets with a forced change.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { UsersRepository } from './repository';

let ctx: TestContext;
let app: FastifyInstance;
let adminToken: string;
let adminId: string;

// A fresh site for each test: the rules are about the number of admins and tokens, so no test may see another's.
beforeEach(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  const answer = await app.inject({ method: 'POST', url: '/api/users/login', payload: TEST_ADMIN });
  adminToken = answer.json().token;
  adminId = answer.json()._id;
});
afterEach(async () => ctx.cleanup());

const changeOwn = (token: string, currentPassword: string, newPassword: string, remoteAddress = '10.1.0.1') =>
  app.inject({ method: 'PUT', url: '/api/users/me/password', headers: bearer(token), payload: { currentPassword, newPassword }, remoteAddress });
const update = (token: string, id: string, payload: object) => app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload });
const reset = (token: string, id: string, newPassword: string) => app.inject({ method: 'POST', url: `/api/users/${id}/password`, headers: bearer(token), payload: { newPassword } });
const remove = (token: string, id: string) => app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(token) });
const listUsers = async (token = adminToken) => (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).json<Array<{ _id: string; role: string | null; active: boolean; mustChangePassword: boolean; postCount: number }>>();
const staffCall = (token: string) => app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(token) });
const adminCall = (token: string) => app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
const loginAnswer = (email: string, password: string, remoteAddress = '10.2.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

async function createAdmin(email: string, password = 'second-admin-1'): Promise<{ id: string; token: string }> {
  const created = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Second', email, password, role: 'admin' } });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json()._id, token: await login(app, email, password) };
}

/** Read from the database itself: after these attacks no token may be left that could list users. */
function activeAdmins(): number {
  return app.sqlite.prepare('SELECT count(*) FROM users WHERE is_admin = 1 AND active = 1').pluck().get() as number;
}

describe('PUT /api/users/me/password', () => {
  it('changes the password and ends every session of the user at once, the one used included', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    const otherDevice = await login(app, 'writer@example.org', 'writer-pass-1');
    expect((await changeOwn(author.token, 'writer-pass-1', 'writer-pass-2')).statusCode).toBe(204);

    for (const token of [author.token, otherDevice]) {
      const refused = await staffCall(token);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused.body).messageEn).toMatch(/session was ended/);
    }
    expect((await loginAnswer('writer@example.org', 'writer-pass-1')).statusCode).toBe(401);
    const fresh = await login(app, 'writer@example.org', 'writer-pass-2');
    expect((await staffCall(fresh)).statusCode).toBe(200);
    // Other users keep their sessions.
    expect((await adminCall(adminToken)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and an unchanged one, in both languages, changing nothing', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    const wrong = await changeOwn(author.token, 'not-my-password', 'writer-pass-2');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body)).toMatchObject({ field: 'currentPassword', messageEn: 'The current password is not correct' });
    const same = await changeOwn(author.token, 'writer-pass-1', 'writer-pass-1');
    expect(same.statusCode).toBe(400);
    expect(errorOf(same.body).field).toBe('newPassword');
    expect((await staffCall(author.token)).statusCode).toBe(200);
    expect((await loginAnswer('writer@example.org', 'writer-pass-1')).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: 'new-password-1' }, 'currentPassword'],
    [{ currentPassword: 'admin-password-1', newPassword: 'short' }, 'newPassword'],
    [{ currentPassword: 'admin-password-1', newPassword: 'x'.repeat(33) }, 'newPassword'],
    [{ currentPassword: 'admin-password-1', newPassword: 'new-password-1', userId: 'someone-else' }, 'userId'],
  ])('validates %j (field %s)', async (payload, field) => {
    const response = await app.inject({ method: 'PUT', url: '/api/users/me/password', headers: bearer(adminToken), payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('attack: guessing the current password with a stolen token is limited per account, whatever the address', async () => {
    const victim = await createAuthor(app, adminToken, 'victim@example.org', 'victim-pass-1');
    for (let i = 0; i < 20; i++) expect((await changeOwn(victim.token, `guess-number-${i}`, 'taken-over-1', `10.3.0.${i}`)).statusCode).toBe(400);
    // The 21st try, from yet another address and even with the right password, is refused.
    const blocked = await changeOwn(victim.token, 'victim-pass-1', 'taken-over-1', '10.3.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked.body).messageAr).toMatch(/كلمة مرور خاطئة/);
    expect((await loginAnswer('victim@example.org', 'victim-pass-1')).statusCode).toBe(200);
  });

  it('attack: failed logins and wrong current passwords from one address share one limit', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    // Unknown accounts each time: only the per-address count is at stake (a known account's checks would wait).
    for (let i = 0; i < 20; i++) expect((await loginAnswer(`nobody-${i}@example.org`, `wrong-${i}-password`, '10.4.0.9')).statusCode).toBe(401);
    expect((await changeOwn(author.token, 'writer-pass-1', 'writer-pass-2', '10.4.0.9')).statusCode).toBe(429);
    expect((await changeOwn(author.token, 'writer-pass-1', 'writer-pass-2', '10.4.0.10')).statusCode).toBe(204);
  });

  it('is written to the audit log without the passwords', async () => {
    expect((await changeOwn(adminToken, TEST_ADMIN.password, 'brand-new-pass-9')).statusCode).toBe(204);
    const token = await login(app, TEST_ADMIN.email, 'brand-new-pass-9');
    const audit = await app.inject({ method: 'GET', url: '/api/audit', headers: bearer(token) });
    expect(audit.json().entries[0]).toMatchObject({ action: 'update', entity: 'user', entityId: adminId, userEmail: TEST_ADMIN.email });
    expect(audit.body).not.toContain('brand-new-pass-9');
    expect(audit.body).not.toContain(TEST_ADMIN.password);
  });

  it('accepts a token signed before token versions existed until the first change, then refuses it', async () => {
    const legacy = app.jwt.sign({ sub: adminId });
    expect((await adminCall(legacy)).statusCode).toBe(200);
    expect((await changeOwn(adminToken, TEST_ADMIN.password, 'brand-new-pass-9')).statusCode).toBe(204);
    expect((await adminCall(legacy)).statusCode).toBe(401);
  });
});

describe('POST /api/users with a role', () => {
  it('creates an admin or an author from role, keeps the old flags working, refuses contradictions', async () => {
    const admin = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Boss', email: 'boss@example.org', password: 'boss-pass-12', role: 'admin' } });
    expect(admin.json()).toMatchObject({ role: 'admin', isAdmin: true, isAuthor: true, active: true, mustChangePassword: false, postCount: 0 });
    const author = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Writer', email: 'w@example.org', password: 'writer-pass-1', role: 'author' } });
    expect(author.json()).toMatchObject({ role: 'author', isAdmin: false, isAuthor: true });
    const legacy = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Old', email: 'old@example.org', password: 'old-pass-123', isAdmin: true, isAuthor: true } });
    expect(legacy.json()).toMatchObject({ role: 'admin', isAdmin: true });
    const conflict = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'X', email: 'x@example.org', password: 'x-password-1', role: 'author', isAdmin: true } });
    expect(conflict.statusCode).toBe(400);
    expect(errorOf(conflict.body).field).toBe('role');
    expect((await adminCall(await login(app, 'boss@example.org', 'boss-pass-12'))).statusCode).toBe(200);
  });

  it('attack: the same e-mail created twice in parallel gives one 201 and one 409, never a 500', async () => {
    const payload = { name: 'Twin', email: 'twin@example.org', password: 'twin-pass-12', role: 'author' };
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(errorOf(answer.body).field).toBe('email');
  });
});

describe('PUT /api/users/:id', () => {
  it('changes name, email and role; a promotion or demotion takes effect on the next request', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    expect((await adminCall(author.token)).statusCode).toBe(403);
    const promoted = await update(adminToken, author.id, { name: 'Head Writer', email: 'HEAD@example.org', role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ _id: author.id, name: 'Head Writer', email: 'head@example.org', role: 'admin', isAdmin: true, active: true });
    expect((await adminCall(author.token)).statusCode).toBe(200);
    expect((await update(adminToken, author.id, { role: 'author' })).json()).toMatchObject({ role: 'author', isAdmin: false, isAuthor: true });
    expect((await adminCall(author.token)).statusCode).toBe(403);
    expect((await loginAnswer('head@example.org', 'writer-pass-1')).statusCode).toBe(200);
  });

  it.each([
    [{}, null],
    [{ role: 'root' }, 'role'],
    [{ active: 'no' }, 'active'],
    [{ email: 'not-an-email' }, 'email'],
    [{ name: '  ' }, 'name'],
    [{ password: 'sneaky-pass-1' }, 'password'],
    [{ isAdmin: true }, 'isAdmin'],
  ])('validates %j', async (payload, field) => {
    const author = await createAuthor(app, adminToken, 'writer@example.org');
    const response = await update(adminToken, author.id, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('answers 404 for an unknown id and 409 for a taken e-mail', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org');
    const unknown = await update(adminToken, 'ffffffffffffffffffffffff', { name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    errorOf(unknown.body);
    const taken = await update(adminToken, author.id, { email: 'Admin@Example.org' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.body).field).toBe('email');
  });

  it('disables an account: its tokens are refused at once, login says it is disabled, its posts stay its own', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    const post = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(author.token), payload: { title: 'Field report', describtion: 'Text', language: 'en', type: 'Iraq' } });
    expect(post.statusCode).toBe(201);

    const disabled = await update(adminToken, author.id, { active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ active: false, postCount: 1 });

    const refused = await staffCall(author.token);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused.body)).toMatchObject({ messageEn: 'This account is disabled, ask an administrator' });
    const loginRefused = await loginAnswer('writer@example.org', 'writer-pass-1');
    expect(loginRefused.statusCode).toBe(401);
    expect(errorOf(loginRefused.body).messageAr).toMatch(/معطّل/);
    // A guesser learns nothing: a wrong password gets the usual answer.
    expect(errorOf((await loginAnswer('writer@example.org', 'wrong-password')).body).messageEn).toBe('Invalid email or password');

    const owned = await app.inject({ method: 'GET', url: `/api/posts/${post.json()._id}`, headers: bearer(adminToken) });
    expect(owned.json()).toMatchObject({ author: author.id, authorName: 'writer' });

    // Enabled again: a new login works, but the token from before the disabling stays dead.
    expect((await update(adminToken, author.id, { active: true })).json()).toMatchObject({ active: true });
    expect((await staffCall(author.token)).statusCode).toBe(401);
    expect((await staffCall(await login(app, 'writer@example.org', 'writer-pass-1'))).statusCode).toBe(200);
  });

  it('refuses to let an admin disable themself', async () => {
    await createAdmin('second@example.org');
    const response = await update(adminToken, adminId, { active: false });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response.body).field).toBe('active');
  });

  it('never demotes the last active admin (409, bilingual), but lets one of two step down', async () => {
    const lone = await update(adminToken, adminId, { role: 'author' });
    expect(lone.statusCode).toBe(409);
    expect(errorOf(lone.body)).toMatchObject({ field: 'role', messageAr: expect.stringMatching(/آخر مشرف/) });

    const second = await createAdmin('second@example.org');
    expect((await update(adminToken, adminId, { role: 'author' })).statusCode).toBe(200);
    const now = await update(second.token, second.id, { role: 'author' });
    expect(now.statusCode).toBe(409);
    expect(activeAdmins()).toBe(1);
  });

  it('a disabled admin does not count: the remaining active admin cannot be demoted', async () => {
    const second = await createAdmin('second@example.org');
    expect((await update(adminToken, second.id, { active: false })).statusCode).toBe(200);
    expect((await update(adminToken, adminId, { role: 'author' })).statusCode).toBe(409);
    expect((await remove(second.token, adminId)).statusCode).toBe(401);
  });
});

describe('the last active admin under parallel requests', () => {
  it('attack: two admins demoting each other at the same moment leave one admin', async () => {
    const second = await createAdmin('second@example.org');
    const answers = await Promise.all([update(adminToken, second.id, { role: 'author' }), update(second.token, adminId, { role: 'author' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) errorOf(answer.body);
    expect(activeAdmins()).toBe(1);
  });

  it('attack: two admins disabling each other at the same moment leave one active admin', async () => {
    const second = await createAdmin('second@example.org');
    const answers = await Promise.all([update(adminToken, second.id, { active: false }), update(second.token, adminId, { active: false })]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) errorOf(answer.body);
    expect(activeAdmins()).toBe(1);
  });

  it('attack: two admins deleting each other at the same moment leave one admin', async () => {
    const second = await createAdmin('second@example.org');
    const answers = await Promise.all([remove(adminToken, second.id), remove(second.token, adminId)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(activeAdmins()).toBe(1);
  });

  it('attack: three admins each demoting themselves at once leave one active admin', async () => {
    const others = [await createAdmin('second@example.org'), await createAdmin('third@example.org')];
    const selves = [{ id: adminId, token: adminToken }, ...others];
    const answers = await Promise.all(selves.map((admin) => update(admin.token, admin.id, { role: 'author' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409]);
    const survivor = selves[answers.findIndex((answer) => answer.statusCode === 409)];
    const list = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(survivor.token) });
    expect(list.json().filter((user: { role: string }) => user.role === 'admin').map((user: { _id: string }) => user._id)).toEqual([survivor.id]);
  });
});

describe('DELETE /api/users/:id', () => {
  it('keeps working for users without posts; a deleted user\'s token is refused', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org');
    expect((await remove(adminToken, author.id)).statusCode).toBe(200);
    expect((await staffCall(author.token)).statusCode).toBe(401);
  });
});

describe('POST /api/users/:id/password (reset by an admin)', () => {
  it('ends the user\'s sessions; the next login must choose a new password before any other staff call', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org', 'writer-pass-1');
    const reply = await reset(adminToken, author.id, 'temporary-pass-1');
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    expect((await staffCall(author.token)).statusCode).toBe(401);
    expect((await loginAnswer('writer@example.org', 'writer-pass-1')).statusCode).toBe(401);
    expect((await listUsers()).find((user) => user._id === author.id)).toMatchObject({ mustChangePassword: true });

    const answer = await loginAnswer('writer@example.org', 'temporary-pass-1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ mustChangePassword: true, role: 'author' });
    const pending = answer.json().token as string;

    for (const [method, url, payload] of [
      ['GET', '/api/posts/author', undefined],
      ['POST', '/api/posts', { title: 'Sneaky', describtion: 'x', language: 'en', type: 'Iraq' }],
      ['POST', '/api/contact', { type: 'phone', value: '123' }],
      ['GET', '/api/events/summary', undefined],
    ] as const) {
      const refused = await app.inject({ method, url, headers: bearer(pending), payload });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused.body)).toMatchObject({ messageEn: 'You must choose a new password before doing anything else', messageAr: expect.stringMatching(/كلمة مرور جديدة/) });
    }
    // Public pages still answer, as to any visitor.
    expect((await app.inject({ method: 'GET', url: '/api/posts/Iraq/en', headers: bearer(pending) })).statusCode).toBe(200);

    expect((await changeOwn(pending, 'temporary-pass-1', 'my-own-pass-1')).statusCode).toBe(204);
    const done = await loginAnswer('writer@example.org', 'my-own-pass-1');
    expect(done.json()).toMatchObject({ mustChangePassword: false });
    expect((await staffCall(done.json().token)).statusCode).toBe(200);
  });

  it('a reset admin is refused admin work until the change too', async () => {
    const second = await createAdmin('second@example.org');
    expect((await reset(adminToken, second.id, 'temporary-pass-1')).statusCode).toBe(204);
    const pending = (await loginAnswer('second@example.org', 'temporary-pass-1')).json().token as string;
    expect((await adminCall(pending)).statusCode).toBe(403);
    expect((await update(pending, adminId, { role: 'author' })).statusCode).toBe(403);
    expect((await reset(pending, adminId, 'taken-over-pass')).statusCode).toBe(403);
  });

  it('refuses an admin\'s own reset (the own change needs the current password), unknown ids and short passwords', async () => {
    const self = await reset(adminToken, adminId, 'temporary-pass-1');
    expect(self.statusCode).toBe(403);
    errorOf(self.body);
    expect((await reset(adminToken, 'ffffffffffffffffffffffff', 'temporary-pass-1')).statusCode).toBe(404);
    const author = await createAuthor(app, adminToken, 'writer@example.org');
    const short = await reset(adminToken, author.id, 'short');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short.body).field).toBe('newPassword');
  });

  it('writes every account change to the audit log, passwords never included', async () => {
    const author = await createAuthor(app, adminToken, 'writer@example.org');
    await update(adminToken, author.id, { name: 'Renamed', role: 'admin' });
    await update(adminToken, author.id, { active: false });
    await reset(adminToken, author.id, 'temporary-pass-1');
    const audit = await app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) });
    const entries = audit.json().entries.filter((entry: { entityId: string }) => entry.entityId === author.id);
    expect(entries.map((entry: { action: string; changes: object }) => [entry.action, Object.keys(entry.changes).sort()])).toEqual([
      ['update', ['mustChangePassword', 'password']],
      ['update', ['active']],
      ['update', ['name', 'role']],
      ['create', ['email', 'isAdmin', 'isAuthor', 'name', 'role']],
    ]);
    expect(entries[2].changes.role).toEqual({ from: 'author', to: 'admin' });
    expect(audit.body).not.toContain('temporary-pass-1');
  });
});

describe('UsersRepository guards, started in the same tick (no HTTP parsing between them)', () => {
  it('attack: demotions and deletions of each other interleaved at every await still leave one active admin', async () => {
    const second = await createAdmin('second@example.org');
    const third = await createAdmin('third@example.org');
    const users = new UsersRepository(app.db);
    const results = await Promise.all([
      users.updateAsAdmin(adminId, second.id, { role: 'author' }),
      users.updateAsAdmin(second.id, third.id, { active: false }),
      users.deleteAsAdmin(third.id, adminId),
      users.updateAsAdmin(adminId, adminId, { role: 'author' }),
    ]);
    expect(activeAdmins()).toBe(1);
    expect(results.some((result) => 'refused' in result)).toBe(true);
  });
});
