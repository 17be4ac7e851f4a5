// Authentication and roles, enforced on the server: every protected route names the role it
// needs with one of the hooks decorated here, as its onRequest hook: the role is checked before
// the body is read or validated, so an anonymous caller learns nothing about the input rules.
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, messages } from '../errors';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isAuthor: boolean;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Any valid token of an existing user. */
    authenticate: PreHandler;
    /** Authors and admins (dashboard work). */
    requireAuthor: PreHandler;
    /** Admins only (users, audit, settings). */
    requireAdmin: PreHandler;
    /** Fills request.currentUser when a valid token is sent, never refuses. */
    identifyIfPossible: PreHandler;
    signToken(userId: string): string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const TOKEN_ALGORITHM = 'HS256';

interface UserRow {
  id: string;
  name: string;
  email: string;
  is_admin: number;
  is_author: number;
}

export default fp(async (app) => {
  // Pinned: only HS256 tokens that carry an expiry are accepted, whatever a token's header claims
  // (a token signed HS512 or without exp with the right secret was accepted before).
  await app.register(fastifyJwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: TOKEN_ALGORITHM, expiresIn: app.config.tokenLifetimeSeconds },
    verify: { algorithms: [TOKEN_ALGORITHM], requiredClaims: ['exp'] },
  });

  // The user is read on each request so that a deleted user or a changed role takes effect at once.
  const findUser = app.sqlite.prepare<[string], UserRow>('SELECT id, name, email, is_admin, is_author FROM users WHERE id = ?');

  app.decorateRequest('currentUser', null);
  app.decorate('signToken', (userId: string) => app.jwt.sign({ sub: userId }));

  async function verify(request: FastifyRequest): Promise<CurrentUser> {
    if (!request.headers.authorization) throw apiError(401, messages.notAuthorized);
    let payload: { sub: string };
    try {
      payload = await request.jwtVerify<{ sub: string }>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw apiError(401, code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? messages.tokenExpired : messages.tokenInvalid);
    }
    const row = typeof payload.sub === 'string' ? findUser.get(payload.sub) : undefined;
    if (!row) throw apiError(401, messages.tokenInvalid);
    const user: CurrentUser = { id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1, isAuthor: row.is_author === 1 };
    request.currentUser = user;
    return user;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    await verify(request);
  });
  app.decorate('requireAuthor', async (request: FastifyRequest) => {
    const user = await verify(request);
    if (!user.isAuthor && !user.isAdmin) throw apiError(403, messages.authorRequired);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await verify(request);
    if (!user.isAdmin) throw apiError(403, messages.adminRequired);
  });
  app.decorate('identifyIfPossible', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return;
    try {
      await verify(request);
    } catch {
      request.currentUser = null;
    }
  });
}, { name: 'auth', dependencies: ['database'] });
