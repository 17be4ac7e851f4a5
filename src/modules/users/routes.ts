import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiError, messages, type BilingualMessage } from '../../errors';
import { PUBLIC_BODY_LIMIT } from '@shared/body-limits';
import { DeletedSchema, IdParamsSchema, errorResponses } from '@shared/schemas';
import { changedFields } from '../audit/repository';
import { createLoginLimit } from './login-limit';
import { userMessages } from './messages';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';
import { isDuplicateEmail, toUser, type Refusal, type UsersRepository } from './repository';
import {
  ChangeOwnPasswordBodySchema, CreateUserBodySchema, LoginAnswerSchema, LoginBodySchema, ResetPasswordBodySchema,
  UpdateUserBodySchema, UserSchema, type CreateUserBody, type User,
} from './schema';

/** The fields of an account the audit log compares before and after an administrator's change. */
const auditedAccount = (user: User) => ({ name: user.name, email: user.email, role: user.role, active: user.active });

/** isAdmin/isAuthor from `role` when given (they must not contradict it), else from the flags (older clients). */
function rolesOf(body: CreateUserBody): { isAdmin: boolean; isAuthor: boolean } {
  if (!body.role) return { isAdmin: body.isAdmin ?? false, isAuthor: body.isAuthor ?? true };
  const flags = { isAdmin: body.role === 'admin', isAuthor: true };
  if ((body.isAdmin !== undefined && body.isAdmin !== flags.isAdmin) || (body.isAuthor !== undefined && body.isAuthor !== flags.isAuthor)) {
    throw apiError(400, userMessages.roleConflict, 'role');
  }
  return flags;
}

function refusalError(refusal: Refusal, lastAdminField: string) {
  const answers: Record<Refusal, [number, BilingualMessage, string | null]> = {
    notFound: [404, userMessages.userNotFound, 'id'],
    lastAdmin: [409, userMessages.lastAdmin, lastAdminField],
    actorNotAdmin: [403, messages.adminRequired, null],
    emailTaken: [409, userMessages.emailTaken, 'email'],
  };
  const [status, message, field] = answers[refusal];
  return apiError(status, message, field);
}

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.repositories;
  // One limit for failed logins and wrong current passwords (see login-limit.ts).
  const loginLimit = createLoginLimit(app);
  const security = [{ bearerAuth: [] }];

  app.post('/users/login', {
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: {
      tags: ['users'],
      summary: 'Log in and receive a token',
      description: 'A disabled account answers 401 (after a correct password only). mustChangePassword: the token is good only for PUT /api/users/me/password.',
      body: LoginBodySchema,
      response: { 200: LoginAnswerSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const attempt = await loginLimit.admit(request, reply);
    try {
      const row = await users.findByEmail(request.body.email);
      const valid = row ? await verifyPassword(request.body.password, row.password_hash) : await verifyAgainstNothing(request.body.password);
      if (!row || !valid) {
        await attempt.recordFailure();
        throw apiError(401, userMessages.wrongCredentials);
      }
      // Said only to someone who knows the password, so the state of an account never leaks to a guesser.
      if (row.active !== 1) throw apiError(401, messages.accountDisabled);
      const { _id, name, email, isAdmin, isAuthor, role, mustChangePassword } = toUser(row);
      return { _id, name, email, isAdmin, isAuthor, role, mustChangePassword, token: app.signToken({ id: row.id, tokenVersion: row.token_version }) };
    } finally {
      attempt.release();
    }
  });

  app.put('/users/me/password', {
    onRequest: app.authenticateForPasswordChange,
    schema: {
      tags: ['users'],
      summary: 'Change your own password',
      description: 'Answers 204. Every token of the user stops working, the one used here included: log in again with the new password. '
        + 'Wrong current passwords count against the login limits (per address and per account). Allowed while a forced change is pending.',
      security,
      body: ChangeOwnPasswordBodySchema,
      response: { 204: Type.Null(), ...errorResponses },
    },
  }, async (request, reply) => {
    const me = request.currentUser!;
    const { currentPassword, newPassword } = request.body;
    const row = await users.findById(me.id);
    if (!row) throw apiError(401, messages.tokenInvalid);
    const attempt = await loginLimit.admitPasswordChange(request, reply);
    let correct: boolean;
    try {
      correct = await verifyPassword(currentPassword, row.password_hash);
      if (!correct) await attempt.recordFailure();
    } finally {
      attempt.release();
    }
    if (!correct) throw apiError(400, userMessages.wrongCurrentPassword, 'currentPassword');
    if (newPassword === currentPassword) throw apiError(400, userMessages.samePassword, 'newPassword');
    await users.setPassword(me.id, await hashPassword(newPassword), false);
    await app.audit.record(me, 'update', 'user', me.id, { password: { to: 'changed by the user; every session ended' } }, me.name);
    return reply.status(204).send(null);
  });

  app.get('/users', {
    onRequest: app.requireAdmin,
    schema: { tags: ['users'], summary: 'List users (admin)', security, response: { 200: Type.Array(UserSchema), ...errorResponses } },
  }, async () => users.list());

  app.post('/users', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['users'],
      summary: 'Create a user (admin)',
      description: 'role ("author" or "admin") chooses isAdmin and isAuthor; the two flags are still accepted on their own.',
      security,
      body: CreateUserBodySchema,
      response: { 201: UserSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const body = request.body;
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      throw apiError(400, userMessages.passwordsMismatch, 'confirmPassword');
    }
    const flags = rolesOf(body);
    if (await users.findByEmail(body.email)) throw apiError(409, userMessages.emailTaken, 'email');
    let created: User;
    try {
      created = await users.create({ name: body.name, email: body.email, passwordHash: await hashPassword(body.password), ...flags });
    } catch (error) {
      if (isDuplicateEmail(error)) throw apiError(409, userMessages.emailTaken, 'email');
      throw error;
    }
    await app.audit.record(request.currentUser!, 'create', 'user', created._id, {
      name: { to: created.name }, email: { to: created.email }, role: { to: created.role }, isAdmin: { to: created.isAdmin }, isAuthor: { to: created.isAuthor },
    }, created.name);
    return reply.status(201).send(created);
  });

  app.put('/users/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['users'],
      summary: 'Change a user: name, email, role, active (admin)',
      description: 'active: false disables the account (no login, every token refused at once, posts kept). '
        + 'The last active admin cannot be demoted or disabled (409). You cannot disable yourself (403).',
      security,
      params: IdParamsSchema,
      body: UpdateUserBodySchema,
      response: { 200: UserSchema, ...errorResponses },
    },
  }, async (request) => {
    const { id } = request.params;
    const me = request.currentUser!;
    if (id === me.id && request.body.active === false) throw apiError(403, userMessages.cannotDisableSelf, 'active');
    let result: Awaited<ReturnType<UsersRepository['updateAsAdmin']>>;
    try {
      result = await users.updateAsAdmin(me.id, id, request.body);
    } catch (error) {
      if (isDuplicateEmail(error)) throw apiError(409, userMessages.emailTaken, 'email');
      throw error;
    }
    if ('refused' in result) throw refusalError(result.refused, request.body.active === false ? 'active' : 'role');
    const changes = changedFields(auditedAccount(result.before), auditedAccount(result.after));
    if (Object.keys(changes).length > 0) await app.audit.record(me, 'update', 'user', id, changes, result.after.name);
    return result.after;
  });

  app.post('/users/:id/password', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['users'],
      summary: 'Reset a user\'s password (admin)',
      description: 'Answers 204. The user\'s sessions end; at the next login they must choose a new password before anything else.',
      security,
      params: IdParamsSchema,
      body: ResetPasswordBodySchema,
      response: { 204: Type.Null(), ...errorResponses },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const me = request.currentUser!;
    if (id === me.id) throw apiError(403, userMessages.cannotResetOwnPassword, 'id');
    const target = await users.findById(id);
    if (!target) throw apiError(404, userMessages.userNotFound, 'id');
    await users.setPassword(id, await hashPassword(request.body.newPassword), true);
    await app.audit.record(me, 'update', 'user', id, {
      password: { to: 'reset by an administrator' }, mustChangePassword: { from: target.must_change_password === 1, to: true },
    }, target.name);
    return reply.status(204).send(null);
  });

  app.delete('/users/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['users'],
      summary: 'Delete a user (admin)',
      description: 'Their posts stay, without an author: disabling (PUT active: false) is the usual way. The last active admin cannot be deleted (409).',
      security,
      params: IdParamsSchema,
      response: { 200: DeletedSchema, ...errorResponses },
    },
  }, async (request) => {
    const { id } = request.params;
    const me = request.currentUser!;
    if (id === me.id) throw apiError(403, userMessages.cannotDeleteSelf, 'id');
    const result = await users.deleteAsAdmin(me.id, id);
    if ('refused' in result) throw refusalError(result.refused, 'id');
    await app.audit.record(me, 'delete', 'user', id, { name: { from: result.before.name }, email: { from: result.before.email } }, result.before.name);
    return { _id: id };
  });
};

export default usersRoutes;
