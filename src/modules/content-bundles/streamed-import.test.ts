// A bundle import read item by item in a worker thread, played as the office meets it: a bundle
// larger than the worker may hold in memory, visitors reading while it applies (they see the site
// as it was or as it is after, never half), staff saving meanwhile (a bilingual 503, nothing
// lost), a bundle cut short on its way, and two admins importing at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, bearer, TEST_ADMIN, type TestContext } from '../../test/helpers';
import { bundleState, importVia, repack, resign } from '../../test/content-bundles';
import { isBusy, withoutWaitingForWrites } from '../../db/busy';
import { messages } from '../../errors';
import { writeBundle } from './archive';
import { writeContentFile } from './content-file';
import { emptyContent, type PostItem } from './format';
import { importBundle, type ImportOptions } from './import';
import { generateSigningKey } from './keys';
import { BundleRefusedError, bundleMessages } from './messages';
import { bundleSiteOf } from './site';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-streamed-'));
const key = generateSigningKey(path.join(scratch, 'key.pem'));
const contexts: TestContext[] = [];
let made = 0;

afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function newOffice(): Promise<TestContext> {
  const ctx = await createTestApp({ CONTENT_TRUSTED_KEYS: key.publicKeyLine });
  contexts.push(ctx);
  return ctx;
}

const idOf = (n: number) => n.toString(16).padStart(24, '0');

function postNumber(n: number, description: string): PostItem {
  const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  return {
    id: idOf(n), title: `Post ${n}`, description, image: '', imageAlt: null, pictures: [], picturesAlt: [], video: '',
    language: n % 2 === 0 ? 'en' : 'ar', type: 'Iraq', pdf: '', views: 0, authorId: null, authorName: null, createdAt: at, updatedAt: at, translationOf: null,
  };
}

/** A signed full bundle of `count` posts (numbered from `first`), content.json written item by item as an export does. */
async function bundleOfPosts(first: number, count: number, description: (n: number) => string): Promise<string> {
  made += 1;
  const out = path.join(scratch, `bundle-${made}.tar.gz`);
  async function* batches() {
    for (let start = first; start < first + count; start += 100) {
      yield Array.from({ length: Math.min(100, first + count - start) }, (_, i) => postNumber(start + i, description(start + i)));
    }
  }
  const content = await writeContentFile(`${out}.content.json`, { ...emptyContent(), posts: batches() });
  try {
    await writeBundle(out, {
      bundleId: `20260301-0000${String(made).padStart(2, '0')}-abcdef`, baseBundleId: null,
      createdAt: new Date(Date.UTC(2026, 2, 1, 0, 0, made)).toISOString(), sourceName: 'HQ', content, uploadsDir: scratch, signingKey: key,
    });
  } finally {
    rmSync(`${out}.content.json`, { force: true });
  }
  return out;
}

function optionsOf(office: TestContext, extra: Partial<ImportOptions> = {}): ImportOptions {
  return {
    dataDir: office.config.dataDir, databaseFile: office.config.databaseFile, uploadsDir: office.config.uploadsDir,
    trustedKeys: new Set([key.publicKeyLine]), actor: { id: null, email: 'test' }, ...extra,
  };
}

const postCount = (office: TestContext) => (office.app.sqlite.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n;

describe('a bundle read item by item', () => {
  it('applies a content.json larger than the import worker may hold in memory', async () => {
    const office = await newOffice();
    // 32 posts of 1.5 million Arabic letters each (3 MB in the file): 96 MB of content, read by a
    // worker whose heap is 40 MB.
    const big = await bundleOfPosts(1, 32, (n) => `${n} ${'العراق '.repeat(250_000)}`.slice(0, 1_500_000));
    const report = await importBundle(big, bundleSiteOf(office.app), optionsOf(office, { workerHeapMb: 40 }));
    expect(report.changes.posts).toMatchObject({ added: 32, updated: 0, deleted: 0 });
    expect(postCount(office)).toBe(32);
    const longest = office.app.sqlite.prepare('SELECT max(length(description)) AS n FROM posts').get() as { n: number };
    expect(longest.n).toBe(1_500_000);
  }, 120_000);
});

describe('while a bundle is applied', () => {
  let office: TestContext;
  beforeAll(async () => {
    office = await newOffice();
    await importBundle(await bundleOfPosts(1, 500, (n) => `First text ${n}`), bundleSiteOf(office.app), optionsOf(office));
  }, 60_000);

  it('readers see every post as it was until the commit, then every post of the bundle: never half', async () => {
    const next = await bundleOfPosts(1, 3000, (n) => `Second text ${n} `.repeat(40));
    const before = postCount(office);
    const probes: Array<{ posts: number; applying: boolean }> = [];
    let finished = false;
    const importing = importBundle(next, bundleSiteOf(office.app), optionsOf(office)).finally(() => { finished = true; });
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      const posts = postCount(office);
      // The worker holds the write lock only while it applies: then this connection cannot take it.
      let applying = false;
      try {
        office.app.sqlite.exec('BEGIN IMMEDIATE');
        office.app.sqlite.exec('ROLLBACK');
      } catch (error) {
        if (!isBusy(error)) throw error;
        applying = true;
      }
      probes.push({ posts, applying });
    }
    const report = await importing;
    expect(report.changes.posts.added).toBe(2500);
    expect(before).toBe(500);
    expect(postCount(office)).toBe(3000);
    // Probes ran while the worker held the write lock, and saw the site as it was; every probe saw
    // the old site or the whole new one. (The lock can also be busy for an instant after the
    // commit, while the worker checkpoints the WAL: then the probe may already see the new count.)
    expect(probes.some((probe) => probe.applying && probe.posts === before)).toBe(true);
    expect(probes.every((probe) => probe.posts === before || probe.posts === 3000)).toBe(true);
  }, 120_000);

  it('a staff save gets a bilingual 503 saying why, a visitor still reads a post, and the save works once the import is done', async () => {
    const token = await login(office.app, TEST_ADMIN.email, TEST_ADMIN.password);
    // Another connection holding the write lock, as the import's worker does while it applies.
    const worker = new SQLite(office.config.databaseFile);
    worker.exec('BEGIN IMMEDIATE');
    let blocked;
    let read;
    try {
      [blocked, read] = await withoutWaitingForWrites(office.app.sqlite, async () => [
        await office.app.inject({ method: 'POST', url: '/api/contact', headers: bearer(token), payload: { type: 'email', value: 'during@example.org' } }),
        await office.app.inject({ method: 'GET', url: `/api/posts/${idOf(7)}`, headers: { 'x-forwarded-for': '203.0.113.9' } }),
      ]);
    } finally {
      worker.exec('ROLLBACK');
      worker.close();
    }
    expect(blocked.statusCode).toBe(503);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(blocked.json()).toMatchObject({ errors: [{ messageEn: messages.databaseBusy.en, messageAr: messages.databaseBusy.ar }] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: idOf(7) });
    const saved = await office.app.inject({ method: 'POST', url: '/api/contact', headers: bearer(token), payload: { type: 'email', value: 'after@example.org' } });
    expect(saved.statusCode).toBeLessThan(300);
    const contacts = (await office.app.inject({ method: 'GET', url: '/api/contact' })).json() as Array<{ value: string }>;
    expect(contacts.map((contact) => contact.value)).toContain('after@example.org');
    expect(contacts.map((contact) => contact.value)).not.toContain('during@example.org');
  });
});

describe('a bundle that cannot be applied', () => {
  it('cut short in the middle of content.json (signed as it is) leaves the site as it was', async () => {
    const office = await newOffice();
    const first = await bundleOfPosts(1, 50, (n) => `Kept ${n}`);
    await importBundle(first, bundleSiteOf(office.app), optionsOf(office));
    const before = bundleState(office.app, office.config.uploadsDir);
    const whole = await bundleOfPosts(1, 400, (n) => `Replaced ${n}`);
    const cut = await repack(whole, path.join(scratch, 'cut.tar.gz'), (members) => {
      const content = members.get('content.json')!;
      members.set('content.json', content.subarray(0, Math.floor(content.length * 0.7)));
      resign(members, key);
    });
    const error = await importBundle(cut, bundleSiteOf(office.app), optionsOf(office)).then(() => null, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(BundleRefusedError);
    expect((error as BundleRefusedError).reason).toEqual(bundleMessages.damaged);
    expect(bundleState(office.app, office.config.uploadsDir)).toEqual(before);
    expect(postCount(office)).toBe(50);
  }, 60_000);

  it('a second import sent while one is being applied is refused in both languages, and the first applies', async () => {
    const office = await newOffice();
    const token = await login(office.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const one = await bundleOfPosts(1, 300, (n) => `One ${n}`);
    const two = await bundleOfPosts(1, 300, (n) => `Two ${n}`);
    const [first, second] = await Promise.all([importVia(office.app, token, one), importVia(office.app, token, two)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errors: [{ messageEn: bundleMessages.importRunning.en, messageAr: bundleMessages.importRunning.ar }] });
    expect(postCount(office)).toBe(300);
    // Once the first is done, the other is a newer bundle like any other.
    expect((await importVia(office.app, token, two)).statusCode).toBe(200);
  }, 60_000);
});
