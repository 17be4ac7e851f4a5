// Test helpers: a fresh app on a fresh temporary DATA_DIR, and logged-in users.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';

export const TEST_ADMIN = { email: 'admin@example.org', password: 'admin-password-1' };

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Close the app and remove the data folder. */
  cleanup(): Promise<void>;
}

export function makeTestConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: '0',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    DAILY_BACKUPS_KEPT: '0',
    ...env,
  });
}

export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
  const config = makeTestConfig(dataDir, env);
  const app = await buildApp(config, { logger: false, ...options });
  return {
    app,
    config,
    dataDir,
    async cleanup() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Creates an author (not admin) through the API and returns their token and id. */
export async function createAuthor(app: FastifyInstance, adminToken: string, email: string, password = 'author-password-1'): Promise<{ token: string; id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(adminToken),
    payload: { name: email.split('@')[0].slice(0, 32), email, password, isAdmin: false, isAuthor: true },
  });
  if (response.statusCode !== 201) throw new Error(`creating ${email} failed: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ _id: string }>()._id, token: await login(app, email, password) };
}

export interface StaffTestContext extends TestContext {
  adminToken: string;
  authorToken: string;
  authorId: string;
}

/** A fresh app with the first admin logged in and one author (not admin) created and logged in. */
export async function createStaffTestApp(authorEmail: string, env: Record<string, string> = {}): Promise<StaffTestContext> {
  const ctx = await createTestApp(env);
  const adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const author = await createAuthor(ctx.app, adminToken, authorEmail);
  return { ...ctx, adminToken, authorToken: author.token, authorId: author.id };
}

/** Asserts the bilingual error shape of docs/api-contract.md and returns the first entry. */
export function errorOf(body: string): { messageEn: string; messageAr: string; field: string | null } {
  const parsed = JSON.parse(body) as { message?: unknown; errors?: Array<{ messageEn: string; messageAr: string; field: string | null }> };
  if (typeof parsed.message !== 'string' || !Array.isArray(parsed.errors) || parsed.errors.length === 0) {
    throw new Error(`not the bilingual error shape: ${body}`);
  }
  for (const item of parsed.errors) {
    if (typeof item.messageEn !== 'string' || typeof item.messageAr !== 'string' || !('field' in item)) throw new Error(`bad error item: ${body}`);
    if (!/[\u0600-\u06FF]/.test(item.messageAr)) throw new Error(`messageAr is not Arabic: ${item.messageAr}`);
  }
  return parsed.errors[0];
}
