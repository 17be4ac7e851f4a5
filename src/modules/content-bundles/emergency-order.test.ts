// A bundle carries headquarters' order of the emergency numbers as the order of its items: a field
// office adds the numbers it did not have in that order, after its own, and its own stay where
// they were. (A move alone at headquarters changes no item, so an incremental bundle does not
// carry it: see docs/decisions.md.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createTestApp, login, type TestContext } from '../../test/helpers';
import { generateSigningKey } from './keys';
import { exportVia, importVia } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-order-'));
const hqKeyFile = path.join(scratch, 'hq.pem');
const hqKey = generateSigningKey(hqKeyFile);
const contexts: TestContext[] = [];
let hq: TestContext;
let hqToken: string;

const numbers = async (app: TestContext['app']) => ((await app.inject({ method: 'GET', url: '/api/emergency' })).json() as Array<{ value: string }>).map((item) => item.value);
const add = (app: TestContext['app'], token: string, value: string) =>
  app.inject({ method: 'POST', url: '/api/emergency', headers: bearer(token), payload: { type: 'Emergency', value, nameEN: `Line ${value}`, nameAR: 'خط' } });

beforeAll(async () => {
  hq = await createTestApp({ CONTENT_SIGNING_KEY: hqKeyFile });
  contexts.push(hq);
  hqToken = await login(hq.app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const value of ['104', '533', '122']) expect((await add(hq.app, hqToken, value)).statusCode).toBe(201);
  // Headquarters puts the hotline first.
  const list = (await hq.app.inject({ method: 'GET', url: '/api/emergency' })).json() as Array<{ _id: string; value: string }>;
  const byValue = (value: string) => list.find((item) => item.value === value)!._id;
  expect((await hq.app.inject({ method: 'PUT', url: '/api/emergency/order', headers: bearer(hqToken), payload: { ids: [byValue('533'), byValue('104'), byValue('122')] } })).statusCode).toBe(200);
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the order of emergency numbers in a bundle', () => {
  it('a new office gets them in headquarters\' order, hotline first; an office with its own number keeps it first and adds them after', async () => {
    const bundle = await exportVia(hq.app, hqToken, path.join(scratch, 'full.tar.gz'));
    const fresh = await createTestApp({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine });
    contexts.push(fresh);
    const freshToken = await login(fresh.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await importVia(fresh.app, freshToken, bundle)).statusCode).toBe(200);
    expect(await numbers(fresh.app)).toEqual(['533', '104', '122']);

    const own = await createTestApp({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine });
    contexts.push(own);
    const ownToken = await login(own.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await add(own.app, ownToken, '0770 000 0001')).statusCode).toBe(201);
    expect((await importVia(own.app, ownToken, bundle)).statusCode).toBe(200);
    expect(await numbers(own.app)).toEqual(['0770 000 0001', '533', '104', '122']);
  });
});
