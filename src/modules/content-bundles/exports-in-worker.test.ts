// A bundle is made in the bundle worker thread while the server goes on answering: played as the
// dashboard would (two admins asking at once, an office that makes bundles of its own while it
// applies one from headquarters) and as a failure would (the worker cannot write the bundle).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from '../../test/helpers';
import { exportVia, importVia } from '../../test/content-bundles';
import { exportBundle } from './export';
import { generateSigningKey, loadSigningKey } from './keys';
import { bundleSiteOf } from './site';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundles-in-worker-'));
const hqKeyFile = path.join(scratch, 'hq-key.pem');
const hqKey = generateSigningKey(hqKeyFile);
const officeKeyFile = path.join(scratch, 'office-key.pem');
generateSigningKey(officeKeyFile);
const contexts: TestContext[] = [];
let hq: TestContext;
let hqToken: string;

type Made = Array<{ bundleId: string; baseBundleId: string | null; createdAt: string }>;
const madeAt = async (ctx: TestContext, token: string): Promise<Made> =>
  (await ctx.app.inject({ method: 'GET', url: '/api/content-bundles', headers: bearer(token) })).json<{ made: Made }>().made;

beforeAll(async () => {
  hq = await createTestApp({ SEED_DEMO: '1', CONTENT_SIGNING_KEY: hqKeyFile, OFFICE_NAME: 'Headquarters' });
  contexts.push(hq);
  hqToken = await login(hq.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('bundles made in the worker thread', () => {
  it('two asked at once are made one after the other: each recorded, the later one made after the first', async () => {
    const before = (await madeAt(hq, hqToken)).length;
    const [first, second] = await Promise.all([
      exportVia(hq.app, hqToken, path.join(scratch, 'at-once-1.tar.gz')),
      exportVia(hq.app, hqToken, path.join(scratch, 'at-once-2.tar.gz')),
    ]);
    expect(existsSync(first) && existsSync(second)).toBe(true);
    const made = await madeAt(hq, hqToken);
    expect(made).toHaveLength(before + 2);
    const [newer, older] = made;
    expect(newer.bundleId).not.toBe(older.bundleId);
    expect(newer.createdAt > older.createdAt).toBe(true);
    // The next bundle of changes continues from the newer one.
    await exportVia(hq.app, hqToken, path.join(scratch, 'since-last.tar.gz'), 'last');
    expect((await madeAt(hq, hqToken))[0].baseBundleId).toBe(newer.bundleId);
  }, 60_000);

  it('an office that makes bundles of its own exports while it applies one from headquarters: both answer, both are recorded', async () => {
    const bundle = await exportVia(hq.app, hqToken, path.join(scratch, 'for-office.tar.gz'));
    const office = await createTestApp({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine, CONTENT_SIGNING_KEY: officeKeyFile });
    contexts.push(office);
    const token = await login(office.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const [imported, exported] = await Promise.all([
      importVia(office.app, token, bundle),
      office.app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(token), payload: {} }),
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('application/gzip');
    expect(await madeAt(office, token)).toHaveLength(1);
    expect((await office.app.inject({ method: 'GET', url: '/api/content-bundles', headers: bearer(token) })).json<{ applied: unknown[] }>().applied).toHaveLength(1);
  }, 60_000);

  it('a worker that cannot write the bundle fails alone: the server answers, nothing is recorded and no file is left', async () => {
    const before = (await madeAt(hq, hqToken)).length;
    const outFile = path.join(scratch, 'no-such-folder', 'bundle.tar.gz');
    await expect(exportBundle(outFile, bundleSiteOf(hq.app), {
      databaseFile: hq.config.databaseFile, uploadsDir: hq.config.uploadsDir, signingKey: loadSigningKey(hqKeyFile), sourceName: 'HQ',
    })).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await hq.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await madeAt(hq, hqToken)).toHaveLength(before);
    expect(existsSync(outFile)).toBe(false);
    // And the next export is not held behind the failed one.
    await exportVia(hq.app, hqToken, path.join(scratch, 'after-failure.tar.gz'));
    expect(await madeAt(hq, hqToken)).toHaveLength(before + 1);
  }, 60_000);
});
