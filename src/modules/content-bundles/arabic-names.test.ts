// Content bundles carry a city's Arabic name and its branches' Arabic addresses (format version 3):
// an office shows them as headquarters wrote them, a change of the Arabic text alone travels in the
// next incremental bundle, and an older (version 2) bundle without them still applies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createTestApp, login, type TestContext } from '../../test/helpers';
import { exportVia, importVia, MEMBERS, repack, resign } from '../../test/content-bundles';
import { BUNDLE_FORMAT_VERSION } from './format';
import { generateSigningKey } from './keys';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundles-arabic-'));
const hqKey = generateSigningKey(path.join(scratch, 'hq-key.pem'));
let fileCount = 0;
const scratchFile = (name: string) => path.join(scratch, `${(fileCount += 1)}-${name}`);

const contexts: TestContext[] = [];
async function site(env: Record<string, string>): Promise<{ app: FastifyInstance; token: string }> {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return { app: ctx.app, token: await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password) };
}
const newOffice = () => site({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine });

let hq: { app: FastifyInstance; token: string };
let cityId: string;
beforeAll(async () => {
  hq = await site({ CONTENT_SIGNING_KEY: path.join(scratch, 'hq-key.pem'), OFFICE_NAME: 'Headquarters' });
  const created = await hq.app.inject({
    method: 'POST', url: '/api/maps', headers: bearer(hq.token),
    payload: { name: 'Erbil', nameAr: 'أربيل', branch: [{ address: '100m Road', addressAr: 'شارع المئة متر', phone: '+964 750 000 0301', email: 'erbil@example.org' }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  cityId = created.json()._id;
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function importInto(office: { app: FastifyInstance; token: string }, bundle: string) {
  const response = await importVia(office.app, office.token, bundle);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const cityAt = async (office: { app: FastifyInstance }) => (await office.app.inject({ url: `/api/maps/${cityId}` })).json();

describe('Arabic city names in content bundles', () => {
  let office: { app: FastifyInstance; token: string };

  it('are made at format version 3 and arrive at the office as headquarters wrote them', async () => {
    expect(BUNDLE_FORMAT_VERSION).toBe(3);
    office = await newOffice();
    await importInto(office, await exportVia(hq.app, hq.token, scratchFile('full.tar.gz')));
    expect(await cityAt(office)).toMatchObject({ name: 'Erbil', nameAr: 'أربيل', branch: [{ address: '100m Road', addressAr: 'شارع المئة متر' }] });
  });

  it('travel alone: changing only the Arabic name makes the next incremental bundle carry the city', async () => {
    const city = await cityAt(hq);
    const edited = await hq.app.inject({ method: 'POST', url: `/api/maps/${cityId}`, headers: bearer(hq.token), payload: { name: city.name, nameAr: 'هولير', branch: city.branch.map(({ address, addressAr, phone, email }: Record<string, string>) => ({ address, addressAr, phone, email })) } });
    expect(edited.statusCode, edited.body).toBe(200);
    const report = await importInto(office, await exportVia(hq.app, hq.token, scratchFile('arabic-only.tar.gz'), 'last'));
    expect(report.changes.cities).toMatchObject({ updated: 1 });
    expect((await cityAt(office)).nameAr).toBe('هولير');
  });

  it('an older (version 2) bundle without them still applies: the city arrives with no Arabic name or address', async () => {
    const full = await exportVia(hq.app, hq.token, scratchFile('v3.tar.gz'));
    const versionTwo = await repack(full, scratchFile('v2.tar.gz'), (members) => {
      const content = JSON.parse(members.get(MEMBERS.content)!.toString('utf8'));
      for (const city of content.cities) {
        delete city.nameAr;
        for (const branch of city.branches) delete branch.addressAr;
      }
      members.set(MEMBERS.content, Buffer.from(JSON.stringify(content)));
      const manifest = JSON.parse(members.get(MEMBERS.manifest)!.toString('utf8'));
      members.set(MEMBERS.manifest, Buffer.from(JSON.stringify({ ...manifest, formatVersion: 2 })));
      resign(members, hqKey);
    });
    const older = await newOffice();
    await importInto(older, versionTwo);
    expect(await cityAt(older)).toMatchObject({ name: 'Erbil', nameAr: '', branch: [{ address: '100m Road', addressAr: '' }] });
  });

  it('refuses a bundle of a newer format than this site reads, saying to update the site (not that it is damaged)', async () => {
    const target = await newOffice();
    const newer = await repack(await exportVia(hq.app, hq.token, scratchFile('now.tar.gz')), scratchFile('v4.tar.gz'), (members) => {
      const manifest = JSON.parse(members.get(MEMBERS.manifest)!.toString('utf8'));
      members.set(MEMBERS.manifest, Buffer.from(JSON.stringify({ ...manifest, formatVersion: BUNDLE_FORMAT_VERSION + 1 })));
      resign(members, hqKey);
    });
    const response = await importVia(target.app, target.token, newer);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'bundle', messageEn: expect.stringMatching(/newer version of the site/), messageAr: expect.stringMatching(/إصدار أحدث/) });
  });

  it('refuses a signed bundle whose Arabic name is not text or too long, changing nothing', async () => {
    const target = await newOffice();
    const full = await exportVia(hq.app, hq.token, scratchFile('base.tar.gz'));
    for (const nameAr of [42, 'ع'.repeat(501)]) {
      const forged = await repack(full, scratchFile('forged.tar.gz'), (members) => {
        const content = JSON.parse(members.get(MEMBERS.content)!.toString('utf8'));
        content.cities[0].nameAr = nameAr;
        members.set(MEMBERS.content, Buffer.from(JSON.stringify(content)));
        resign(members, hqKey);
      });
      const response = await importVia(target.app, target.token, forged);
      expect(response.statusCode, response.body).toBe(400);
      expect((await target.app.inject({ url: '/api/maps' })).json()).toEqual([]);
    }
  });
});
