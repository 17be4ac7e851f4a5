// npm run content as an operator runs it: keygen, export, import (and its refusals, exit code 1 with
// nothing changed), export-stats and import-stats twice; usage mistakes exit with code 2.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bearer, login, makeTestConfig, TEST_ADMIN } from '../src/test/helpers';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'content-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const hqDir = path.join(scratch, 'hq');
const officeDir = path.join(scratch, 'office');
const keyFile = path.join(scratch, 'keys', 'hq.pem');

function content(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'content', ...args], {
    cwd: root, encoding: 'utf8', env: { ...process.env, CONTENT_SIGNING_KEY: keyFile, ...env }, timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Opens the site on a data folder for the duration of `work` (as a running server would). */
async function withSite<T>(dataDir: string, work: (app: Awaited<ReturnType<typeof buildApp>>, token: string) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const app = await buildApp(makeTestConfig(dataDir, env), { logger: false });
  try {
    return await work(app, await login(app, TEST_ADMIN.email, TEST_ADMIN.password));
  } finally {
    await app.close();
  }
}

// Each command is a process of its own (about a second each on a small machine).
describe('npm run content', { timeout: 60_000 }, () => {
  let publicKey: string;
  let bundle: string;

  it('keygen writes a private key only its owner can read, and prints the public line; never over an existing key', () => {
    const nowhere = content(['keygen', '--out', path.join(scratch, 'missing-folder', 'key.pem')], { DATA_DIR: hqDir });
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toMatch(/^failed: /);
    mkdirSync(path.dirname(keyFile), { recursive: true });
    const made = content(['keygen'], { DATA_DIR: hqDir });
    expect(made.code, made.err).toBe(0);
    publicKey = made.out.trim().split('\n').at(-1)!;
    expect(publicKey).toMatch(/^ed25519:[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(`${keyFile}.pub`, 'utf8').trim()).toBe(publicKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const again = content(['keygen'], { DATA_DIR: hqDir });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/exists already/);
    expect(readFileSync(`${keyFile}.pub`, 'utf8').trim()).toBe(publicKey);
  });

  it('exports at headquarters and imports at an office; the same bundle again is refused with exit code 1', async () => {
    await withSite(hqDir, async (app, token) => {
      const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { title: 'From the command line', describtion: 'Carried on a stick.', language: 'en', type: 'Iraq' } });
      expect(response.statusCode).toBe(201);
    });
    bundle = path.join(scratch, 'bundle.tar.gz');
    const exported = content(['export', '--out', bundle, '--source', 'HQ Baghdad'], { DATA_DIR: hqDir });
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(/full\n.*1 posts/);
    expect(content(['export', '--out', bundle], { DATA_DIR: hqDir }).code).toBe(1); // never over an existing file

    const office = { DATA_DIR: officeDir, CONTENT_TRUSTED_KEYS: publicKey, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
    await withSite(officeDir, async () => undefined);
    const imported = content(['import', bundle], office);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(/applied bundle \S+ from HQ Baghdad/);
    expect(imported.out).toMatch(/posts +1 added, 0 updated, 0 deleted/);

    const replay = content(['import', bundle], office);
    expect(replay.code).toBe(1);
    // In both languages, as the dashboard says it: field offices' operators read Arabic.
    expect(replay.err).toBe('refused: This bundle was already applied here: nothing was changed\nمرفوض: تم تطبيق هذه الحزمة هنا من قبل: لم يتغير شيء\n');

    const untrusted = content(['import', bundle], { ...office, CONTENT_TRUSTED_KEYS: '' });
    expect(untrusted.code).toBe(1);
    expect(untrusted.err).toBe([
      'refused: The bundle is signed by a key this site does not trust: add headquarters\' public key under Content bundles first',
      'nothing was changed',
      'مرفوض: الحزمة موقّعة بمفتاح لا يثق به هذا الموقع: أضف أولاً المفتاح العام للمقر الرئيسي في صفحة حزم المحتوى',
      'لم يتغير شيء',
      '',
    ].join('\n'));

    const damagedFile = path.join(scratch, 'damaged.tar.gz');
    writeFileSync(damagedFile, readFileSync(bundle).subarray(0, 200));
    const damaged = content(['import', damagedFile], office);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toBe('refused: The bundle file is damaged or is not a content bundle\nnothing was changed\nمرفوض: ملف الحزمة تالف أو ليس حزمة محتوى\nلم يتغير شيء\n');

    const since = path.join(scratch, 'since.tar.gz');
    expect(content(['export', '--out', since, '--since', 'last'], { DATA_DIR: hqDir }).out).toMatch(/changes since \d{8}-\d{6}-[0-9a-f]{6}/);
    expect(content(['export', '--out', path.join(scratch, 'x.tar.gz'), '--since', '20200101-000000-aaaaaa'], { DATA_DIR: hqDir }).code).toBe(1);
    await withSite(officeDir, async (app, token) => {
      const posts = (await app.inject({ method: 'GET', url: '/api/posts/Iraq/en' })).json();
      expect(posts.posts.map((post: { title: string }) => post.title)).toEqual(['From the command line']);
      const audit = (await app.inject({ method: 'GET', url: '/api/audit', headers: bearer(token) })).json();
      expect(audit.entries[0]).toMatchObject({ userId: null, userEmail: expect.stringMatching(/^command line on /), entity: 'content-bundle' });
    });
  });

  it('refuses to import while a server has the database open', async () => {
    const since = path.join(scratch, 'since.tar.gz');
    await withSite(officeDir, async () => {
      const result = content(['import', since], { DATA_DIR: officeDir, CONTENT_TRUSTED_KEYS: publicKey });
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^refused: The server is running: import from Dashboard > Content bundles/);
      expect(result.err).toMatch(/\nمرفوض: الخادم يعمل: استورد الحزمة من لوحة التحكم/);
    });
    expect(content(['import', since], { DATA_DIR: officeDir, CONTENT_TRUSTED_KEYS: publicKey }).code).toBe(0);
  });

  it('carries an office\'s figures to headquarters; the same file twice counts once', async () => {
    await withSite(officeDir, async (app) => {
      for (const rate of [5, 4]) await app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate } });
    });
    const figures = path.join(scratch, 'figures.json.gz');
    expect(content(['export-stats', '--out', figures], { DATA_DIR: officeDir }).code).toBe(2); // no name yet
    const saved = content(['export-stats', '--out', figures, '--office', 'Basra office'], { DATA_DIR: officeDir });
    expect(saved.code, saved.err).toBe(0);
    expect(content(['import-stats', figures], { DATA_DIR: hqDir }).out).toMatch(/^figures of Basra office added/);
    expect(content(['import-stats', figures], { DATA_DIR: hqDir }).out).toMatch(/imported before: nothing changed/);
    await withSite(hqDir, async (app, token) => {
      const [office] = (await app.inject({ method: 'GET', url: '/api/content-bundles/offices', headers: bearer(token) })).json();
      expect(office).toMatchObject({ office: 'Basra office', ratings: { website: { votes: 2, average: 4.5 } } });
    });
    const damaged = path.join(scratch, 'damaged.json.gz');
    const bytes = readFileSync(figures);
    bytes[10] ^= 0xff;
    writeFileSync(damaged, bytes);
    const refused = content(['import-stats', damaged], { DATA_DIR: hqDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^refused: The figures file is damaged/);
    expect(refused.err).toMatch(/\nمرفوض: .+\n/);
  });

  it('explains its usage with exit code 2', () => {
    for (const args of [[], ['import'], ['export', '--out', 'x', '--wrong']]) {
      const result = content(args, { DATA_DIR: path.join(scratch, 'unused') });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(/usage: npm run content -- <command>/);
    }
    expect(existsSync(path.join(scratch, 'unused', 'site.db'))).toBe(false);
  });
});
