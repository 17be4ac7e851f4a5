// POST /api/content-bundles/signing-key: headquarters makes its signing key from the dashboard, no
// terminal. The key is made once, readable by its owner only; asked again (or twenty times at once)
// the same key is answered and never replaced; only an administrator may ask.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';
import { loadSigningKey } from './keys';
import { bundleMessages } from './messages';

let ctx: StaffTestContext;
beforeEach(async () => {
  ctx = await createStaffTestApp('key-author@example.org');
});
afterEach(async () => ctx.cleanup());

const makeKey = (token: string | null = ctx.adminToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/content-bundles/signing-key', headers: token ? bearer(token) : {} });
const overview = async () => (await ctx.app.inject({ method: 'GET', url: '/api/content-bundles', headers: bearer(ctx.adminToken) })).json();

describe('this site\'s signing key, made from the dashboard', () => {
  it('is made once, readable by its owner only, answered as the public line, and bundles can be made at once', async () => {
    expect((await overview()).signingKey).toBeNull();
    const response = await makeKey();
    expect(response.statusCode).toBe(200);
    const line = response.json().signingKey as string;
    expect(line).toMatch(/^ed25519:[A-Za-z0-9_-]{43}$/);
    const file = ctx.config.contentSigningKeyFile;
    expect(loadSigningKey(file).publicKeyLine).toBe(line);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${file}.pub`, 'utf8').trim()).toBe(line);
    const bundle = await ctx.app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(ctx.adminToken), payload: {} });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/gzip');
    const { entries } = (await ctx.app.inject({ method: 'GET', url: '/api/audit?entity=content-signing-key', headers: bearer(ctx.adminToken) })).json();
    expect(entries).toMatchObject([{ action: 'create', changes: { publicKey: { to: line } } }]);
  });

  it('is never replaced: twenty requests at once, then one more, all answer the same key, audited once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => makeKey()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const lines = new Set(answers.map((answer) => answer.json().signingKey));
    expect(lines.size).toBe(1);
    expect((await makeKey()).json().signingKey).toBe([...lines][0]);
    const { total } = (await ctx.app.inject({ method: 'GET', url: '/api/audit?entity=content-signing-key', headers: bearer(ctx.adminToken) })).json();
    expect(total).toBe(1);
  });

  it('refuses an author (403) and an anonymous or forged caller (401), and makes nothing', async () => {
    expect((await makeKey(ctx.authorToken)).statusCode).toBe(403);
    const [header, payload] = ctx.adminToken.split('.');
    for (const token of [null, `${header}.${payload}.${'A'.repeat(43)}`]) {
      const response = await makeKey(token);
      expect(response.statusCode).toBe(401);
      errorOf(response.body);
    }
    expect((await overview()).signingKey).toBeNull();
  });

  it('answers a damaged key file with a bilingual 409 and leaves the file for the operator', async () => {
    writeFileSync(ctx.config.contentSigningKeyFile, 'not a key', { mode: 0o600 });
    const response = await makeKey();
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ messageEn: bundleMessages.signingKeyUnreadable.en, messageAr: bundleMessages.signingKeyUnreadable.ar });
    expect(readFileSync(ctx.config.contentSigningKeyFile, 'utf8')).toBe('not a key');
  });

  it('without a key, making a bundle says where to make one, not which command to run', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(ctx.adminToken), payload: {} });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(`${error.messageEn} ${error.messageAr}`).not.toMatch(/npm|keygen|README/);
    expect(error.messageEn).toMatch(/Content bundles/);
  });
});
