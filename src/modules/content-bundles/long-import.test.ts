// An import from the dashboard can work for a minute (a full bundle's pictures get their variants
// at the office) without a byte moving on the connection: the idle timeout that protects the
// server from stalled clients must not cut the admin's answer. Played with the timeout scaled
// down to 0.2 s against an import that takes longer.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/upload-files';
import { TEST_ADMIN, createTestApp, login, type TestContext } from '../../test/helpers';
import { generateSigningKey } from './keys';
import { exportVia } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundles-long-import-'));
const hqKey = generateSigningKey(path.join(scratch, 'hq-key.pem'));
const contexts: TestContext[] = [];

afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a long import from the dashboard', () => {
  it('answers after working longer than the idle timeout, with nothing sent meanwhile', async () => {
    const hq = await createTestApp({ CONTENT_SIGNING_KEY: path.join(scratch, 'hq-key.pem'), OFFICE_NAME: 'Headquarters', SEED_DEMO: '1' });
    contexts.push(hq);
    const bundle = await exportVia(hq.app, await login(hq.app, TEST_ADMIN.email, TEST_ADMIN.password), path.join(scratch, 'full.tar.gz'));

    const office = await createTestApp({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine, IDLE_TIMEOUT_SECONDS: '0.2' });
    contexts.push(office);
    const token = await login(office.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await office.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, headers } = multipart([{ field: 'bundle', filename: 'bundle.tar.gz', contentType: 'application/gzip', data: readFileSync(bundle) }]);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${(office.app.server.address() as AddressInfo).port}/api/content-bundles/import`, {
      method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: payload,
    });
    const worked = performance.now() - started;
    expect(response.status).toBe(200);
    expect((await response.json() as { bundleId: string }).bundleId).toMatch(/\S/);
    // The case this test is about: the import outlasted the idle timeout several times over.
    expect(worked).toBeGreaterThan(3 * 200);
  }, 120_000);
});
