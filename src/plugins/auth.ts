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

/** `ver` is the user's token version when the token was signed (absent in tokens older than it: 0). */
interface TokenClaims { sub: string; ver?: number }

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Any valid token of an existing, active user who has no forced password change pending. */
    authenticate: PreHandler;
    /** As authenticate, but also lets through a user who must still choose a new password (that route only). */
    authenticateForPasswordChange: PreHandler;
    /** Authors and admins (dashboard work). */
    requireAuthor: PreHandler;
    /** Admins only (users, audit, settings). */
    requireAdmin: PreHandler;
    /** Fills request.currentUser when a valid token is sent, never refuses. */
    identifyIfPossible: PreHandler;
    signToken(user: { id: string; tokenVersion: number }): string;
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
  active: number;
  must_change_password: number;
  token_version: number;
}

export default fp(async (app) => {
  // Pinned: only HS256 tokens that carry an expiry are accepted, whatever a token's header claims
  // (a token signed HS512 or without exp with the right secret was accepted before).
  await app.register(fastifyJwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: TOKEN_ALGORITHM, expiresIn: app.config.tokenLifetimeSeconds },
    verify: { algorithms: [TOKEN_ALGORITHM], requiredClaims: ['exp'] },
  });

  // The user is read on each request so that a deleted or disabled user, a changed role or a
  // password change (a new token version) takes effect at once, even when the change was made by
  // another process (the `npm run users` recovery command).
  const findUser = app.sqlite.prepare<[string], UserRow>('SELECT id, name, email, is_admin, is_author, active, must_change_password, token_version FROM users WHERE id = ?');

  app.decorateRequest('currentUser', null);
  app.decorate('signToken', (user: { id: string; tokenVersion: number }) => app.jwt.sign({ sub: user.id, ver: user.tokenVersion }));

  async function verify(request: FastifyRequest, options: { allowPendingPasswordChange?: boolean } = {}): Promise<CurrentUser> {
    if (!request.headers.authorization) throw apiError(401, messages.notAuthorized);
    let payload: TokenClaims;
    try {
      payload = await request.jwtVerify<TokenClaims>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw apiError(401, code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? messages.tokenExpired : messages.tokenInvalid);
    }
    const row = typeof payload.sub === 'string' ? findUser.get(payload.sub) : undefined;
    if (!row) throw apiError(401, messages.tokenInvalid);
    if (row.active !== 1) throw apiError(401, messages.accountDisabled);
    if ((payload.ver ?? 0) !== row.token_version) throw apiError(401, messages.sessionRevoked);
    if (row.must_change_password === 1 && !options.allowPendingPasswordChange) throw apiError(403, messages.passwordChangeRequired);
    const user: CurrentUser = { id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1, isAuthor: row.is_author === 1 };
    request.currentUser = user;
    return user;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    await verify(request);
  });
  app.decorate('authenticateForPasswordChange', async (request: FastifyRequest) => {
    await verify(request, { allowPendingPasswordChange: true });
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
