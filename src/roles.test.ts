// docs/api-contract.md, "Roles", checked route by route: the server refuses what the client only hides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, login, type StaffTestContext } from './test/helpers';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('roles-author@example.org');
});
afterAll(async () => ctx.cleanup());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SOME_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** Routes that need a token; the body is irrelevant because the role check comes first. */
const authorRoutes: Array<[Method, string]> = [
  ['POST', '/api/content/About'],
  ['POST', '/api/maps'],
  ['POST', `/api/maps/${SOME_ID}`],
  ['DELETE', `/api/maps/${SOME_ID}`],
  ['POST', '/api/contact'],
  ['DELETE', `/api/contact/${SOME_ID}`],
  ['POST', '/api/posts'],
  ['PUT', `/api/posts/${SOME_ID}`],
  ['DELETE', `/api/posts/${SOME_ID}`],
  ['GET', '/api/posts/author'],
  ['POST', '/api/emergency'],
  ['DELETE', `/api/emergency/${SOME_ID}`],
  ['POST', '/api/upload'],
  ['POST', '/api/upload/multi'],
  ['POST', '/api/upload/pdf'],
  ['GET', '/api/events/summary'],
  ['GET', '/api/events/daily.csv'],
  ['GET', '/api/events/top.csv'],
  ['GET', '/api/rating/counts.csv'],
  ['GET', '/api/posts/manage'],
  ['PUT', `/api/emergency/${SOME_ID}`],
  ['PUT', `/api/contact/${SOME_ID}`],
  ['PUT', '/api/emergency/order'],
];

const adminRoutes: Array<[Method, string]> = [
  ['GET', '/api/users'],
  ['POST', '/api/users'],
  ['DELETE', `/api/users/${SOME_ID}`],
  ['PUT', `/api/users/${SOME_ID}`],
  ['POST', `/api/users/${SOME_ID}/password`],
  ['GET', '/api/audit'],
  ['GET', '/api/audit/facets'],
  ['PUT', '/api/settings'],
  ['GET', '/api/content-bundles'],
  ['PUT', '/api/content-bundles/settings'],
  ['POST', '/api/content-bundles/import'],
  ['POST', '/api/content-bundles/export'],
  ['GET', '/api/content-bundles/figures'],
  ['POST', '/api/content-bundles/offices/import'],
  ['GET', '/api/content-bundles/offices'],
  ['POST', '/api/content-bundles/signing-key'],
];

const publicReads = [
  '/api/health', '/api/content/About', '/api/maps', '/api/rating', '/api/rating/all/all', '/api/contact',
  '/api/posts/Iraq/en', '/api/posts/s?keyword=law', '/api/emergency', '/api/emergency/VOT', '/api/visitor', '/api/settings',
];

/** Any logged-in user, whatever the role: their own password. */
const anyUserRoutes: Array<[Method, string]> = [
  ['PUT', '/api/users/me/password'],
];

describe('without a token', () => {
  it.each([...authorRoutes, ...adminRoutes, ...anyUserRoutes])('%s %s answers 401 with the bilingual shape', async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.statusCode).toBe(401);
    errorOf(response.body);
  });

  it.each(publicReads)('GET %s is open to visitors', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
  });
});

describe('with an author token', () => {
  it.each(adminRoutes)('%s %s answers 403', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: bearer(ctx.authorToken), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.statusCode).toBe(403);
    errorOf(response.body);
  });

  it.each(authorRoutes)('%s %s is not refused for the role', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: bearer(ctx.authorToken), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect([401, 403]).not.toContain(response.statusCode);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('with a user who is neither author nor admin', () => {
  it('is refused dashboard work with 403', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(ctx.adminToken), payload: { name: 'Reader', email: 'reader@example.org', password: 'password-123', isAdmin: false, isAuthor: false } });
    expect(created.statusCode).toBe(201);
    const readerToken = await login(ctx.app, 'reader@example.org', 'password-123');
    for (const [method, url] of authorRoutes) {
      const response = await ctx.app.inject({ method, url, headers: bearer(readerToken), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
