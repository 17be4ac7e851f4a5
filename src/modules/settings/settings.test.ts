import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, createStaffTestApp, createTestApp, errorOf, login, makeTestConfig, type StaffTestContext, TEST_ADMIN } from '../../test/helpers';
import { DEFAULT_QUICK_EXIT_URL, SettingsChangeSchema, isWebAddress } from './definitions';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('settings-author@example.org');
});
afterAll(async () => ctx.cleanup());

const put = (payload: unknown, token: string | null = ctx.adminToken) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: payload as object, headers: token ? bearer(token) : {} });

describe('isWebAddress', () => {
  it('accepts absolute http and https addresses only', () => {
    expect(isWebAddress('https://www.bbc.com/weather')).toBe(true);
    expect(isWebAddress('http://example.org/a?b=c#d')).toBe(true);
    expect(isWebAddress('HTTPS://EXAMPLE.ORG')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', '/weather', 'www.bbc.com', 'ftp://example.org', 'https://', 'https:example.org', 'http:/example.org', ' https://example.org', 'https://exa mple.org', 'https://user:pw@example.org', 'mailto:a@b.org', 'file:///etc/passwd']) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });

  it('builds a change schema that refuses unknown fields', () => {
    expect(SettingsChangeSchema).toMatchObject({ additionalProperties: false });
  });
});

describe('GET /api/settings', () => {
  it('answers the default quick-exit address when never set, without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ quickExitUrl: DEFAULT_QUICK_EXIT_URL });
    expect(DEFAULT_QUICK_EXIT_URL).toBe('https://www.bbc.com/weather');
  });
});

describe('PUT /api/settings', () => {
  it('answers 401 without a token or with a forged one, 403 for an author', async () => {
    const anonymous = await put({ quickExitUrl: 'https://example.org/' }, null);
    expect(anonymous.statusCode).toBe(401);
    errorOf(anonymous.body);
    const forged = await put({ quickExitUrl: 'https://example.org/' }, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    expect(forged.statusCode).toBe(401);
    const author = await put({ quickExitUrl: 'https://example.org/' }, ctx.authorToken);
    expect(author.statusCode).toBe(403);
    errorOf(author.body);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ quickExitUrl: DEFAULT_QUICK_EXIT_URL });
  });

  it('lets an admin change the address, answers the settings and records the change in the audit log', async () => {
    const response = await put({ quickExitUrl: 'https://weather.example.org/today?city=basra' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ quickExitUrl: 'https://weather.example.org/today?city=basra' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ quickExitUrl: 'https://weather.example.org/today?city=basra' });

    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) })).json();
    expect(audit.entries[0]).toMatchObject({
      userEmail: TEST_ADMIN.email,
      action: 'update',
      entity: 'settings',
      changes: { quickExitUrl: { from: DEFAULT_QUICK_EXIT_URL, to: 'https://weather.example.org/today?city=basra' } },
    });
  });

  it('accepts http and an address of exactly 500 characters', async () => {
    const long = `https://example.org/${'a'.repeat(500 - 'https://example.org/'.length)}`;
    expect(long).toHaveLength(500);
    expect((await put({ quickExitUrl: long })).statusCode).toBe(200);
    const plain = await put({ quickExitUrl: 'http://example.org/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ quickExitUrl: 'http://example.org/' });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '/relative/path',
    'www.bbc.com/weather',
    'ftp://example.org/file',
    'https://',
    'https://user:secret@example.org/',
    ' https://example.org/',
    'https://example.org/\nX',
  ])('refuses %j with 400 and the field quickExitUrl', async (quickExitUrl) => {
    const response = await put({ quickExitUrl });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe('quickExitUrl');
  });

  it.each([
    [{ quickExitUrl: '' }, 'quickExitUrl'],
    [{ quickExitUrl: `https://example.org/${'a'.repeat(481)}` }, 'quickExitUrl'],
    [{ quickExitUrl: 42 }, 'quickExitUrl'],
    [{ quickExitUrl: null }, 'quickExitUrl'],
    [{ quickExitUrl: 'https://example.org/', theme: 'dark' }, 'theme'],
  ])('refuses %j with 400 (field %s)', async (payload, field) => {
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('refuses an empty change and a non-object body with 400', async () => {
    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body).messageEn).toBe('Send at least one setting to change');
    const list = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...bearer(ctx.adminToken), 'content-type': 'application/json' }, payload: '["https://example.org/"]' });
    expect(list.statusCode).toBe(400);
    errorOf(list.body);
  });

  it('kept the last good address after every refusal', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ quickExitUrl: 'http://example.org/' });
  });

  it('records nothing when the value does not change', async () => {
    const count = () => (ctx.app.sqlite.prepare("SELECT count(*) AS n FROM audit_log WHERE entity = 'settings'").get() as { n: number }).n;
    const before = count();
    expect((await put({ quickExitUrl: 'http://example.org/' })).statusCode).toBe(200);
    expect(count()).toBe(before);
  });
});

describe('settings after a restart', () => {
  it('keeps the saved address on the same DATA_DIR', async () => {
    const first = await createTestApp();
    try {
      const token = await login(first.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const saved = await first.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: { quickExitUrl: 'https://news.example.org/' } });
      expect(saved.statusCode).toBe(200);
      await first.app.close();
      const second = await buildApp(makeTestConfig(first.dataDir), { logger: false });
      try {
        expect((await second.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ quickExitUrl: 'https://news.example.org/' });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
