import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import { PUBLIC_BODY_LIMIT } from '../../shared/body-limits';
import { DeletedSchema, IdParamsSchema, errorResponses } from '../../shared/schemas';
import { createLoginLimit } from './login-limit';
import { userMessages } from './messages';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';
import { UsersRepository } from './repository';
import { CreateUserBodySchema, LoginAnswerSchema, LoginBodySchema, UserSchema } from './schema';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = new UsersRepository(app.db);
  const loginLimit = createLoginLimit(app);
  const security = [{ bearerAuth: [] }];

  app.post('/users/login', {
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: {
      tags: ['users'],
      summary: 'Log in and receive a token',
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
      return {
        _id: row.id,
        name: row.name,
        email: row.email,
        isAdmin: row.is_admin === 1,
        isAuthor: row.is_author === 1,
        token: app.signToken(row.id),
      };
    } finally {
      attempt.release();
    }
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
      security,
      body: CreateUserBodySchema,
      response: { 201: UserSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    const body = request.body;
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      throw apiError(400, userMessages.passwordsMismatch, 'confirmPassword');
    }
    if (await users.findByEmail(body.email)) throw apiError(409, userMessages.emailTaken, 'email');
    const created = await users.create({
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      isAdmin: body.isAdmin ?? false,
      isAuthor: body.isAuthor ?? true,
    });
    await app.audit.record(request.currentUser!, 'create', 'user', created._id, { name: { to: created.name }, email: { to: created.email }, isAdmin: { to: created.isAdmin }, isAuthor: { to: created.isAuthor } });
    return reply.status(201).send(created);
  });

  app.delete('/users/:id', {
    onRequest: app.requireAdmin,
    schema: { tags: ['users'], summary: 'Delete a user (admin)', security, params: IdParamsSchema, response: { 200: DeletedSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const target = await users.findById(id);
    if (!target) throw apiError(404, userMessages.userNotFound, 'id');
    if (id === request.currentUser!.id) throw apiError(403, userMessages.cannotDeleteSelf, 'id');
    if (target.is_admin === 1 && (await users.countAdmins()) <= 1) throw apiError(403, userMessages.lastAdmin, 'id');
    await users.delete(id);
    await app.audit.record(request.currentUser!, 'delete', 'user', id, { name: { from: target.name }, email: { from: target.email } });
    return { _id: id };
  });
};

export default usersRoutes;
