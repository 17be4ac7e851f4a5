// A bundle "since" an earlier one costs what changed, not what the site holds: headquarters reads
// only the posts its change log names after the base (migration 009), compares their fingerprints,
// and writes content.json item by item. Checked here by what the bundles carry.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTarGz } from '../../backup/tar';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from '../../test/helpers';
import { exportVia } from '../../test/content-bundles';
import type { BundleContent } from './format';
import { generateSigningKey } from './keys';

let ctx: TestContext;
let token: string;
let scratch: string;
let bundles = 0;

async function exported(since?: string): Promise<BundleContent> {
  bundles += 1;
  const file = await exportVia(ctx.app, token, path.join(scratch, `b${bundles}.tar.gz`), since);
  const unpacked = path.join(scratch, `b${bundles}`);
  await extractTarGz(file, unpacked);
  return JSON.parse(readFileSync(path.join(unpacked, 'content.json'), 'utf8')) as BundleContent;
}
const post = (title: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { title, describtion: 'Text', language: 'en', type: 'Iraq', ...extra } })
    .then((response) => response.json<{ _id: string }>()._id);
const save = (id: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload: { describtion: 'Text', language: 'en', type: 'Iraq', ...payload } });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'bundle-incremental-'));
  const keyFile = path.join(scratch, 'hq-key.pem');
  generateSigningKey(keyFile);
  ctx = await createTestApp({ CONTENT_SIGNING_KEY: keyFile });
  token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a bundle since the last one', () => {
  it('holds the new and changed posts and a tombstone for each one gone, but not a post that was only read', async () => {
    const [read, edited, deleted, unchanged] = [await post('Read'), await post('Edited'), await post('Deleted'), await post('Saved as it was')];
    await exported();
    await ctx.app.inject({ method: 'GET', url: `/api/posts/${read}` });
    await ctx.app.inject({ method: 'POST', url: `/api/posts/${read}/view` });
    expect((await save(edited, { title: 'Edited again' })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${deleted}`, headers: bearer(token) });
    expect((await save(unchanged, { title: 'Saved as it was' })).statusCode).toBe(200);
    const added = await post('Added');

    const changes = await exported('last');
    // A save of the same text is carried all the same: its time of change moved, and offices show it.
    expect(changes.posts.map((item) => item.id).sort()).toEqual([added, edited, unchanged].sort());
    expect(changes.tombstones).toEqual([{ kind: 'posts', id: deleted }]);
    expect((await exported('last')).posts).toEqual([]);
  });

  it('carries the post whose counterpart was hidden: its link is gone for visitors', async () => {
    const english = await post('Rights');
    const arabic = await post('الحقوق', { language: 'ar', translationOf: english });
    await exported();
    expect((await save(arabic, { title: 'الحقوق', language: 'ar', state: 'draft' })).statusCode).toBe(200);
    const changes = await exported('last');
    expect(changes.posts).toEqual([expect.objectContaining({ id: english, translationOf: null })]);
    expect(changes.tombstones).toEqual([{ kind: 'posts', id: arabic }]);
  });

  it('reads only the posts the log names, never every post: a change the log lost is not found', async () => {
    await post('One more');
    await exported();
    const changed = await post('Changed after');
    const lost = await post('Lost from the log');
    // A scan of every post would find this one; the bundle worker reads only what the log names.
    ctx.app.sqlite.prepare('DELETE FROM content_bundle_log WHERE post_id = ?').run(lost);
    expect((await exported('last')).posts.map((item) => item.id)).toEqual([changed]);
  });

  it('compares every post, a batch at a time, since a bundle made before the log', async () => {
    const kept = await post('Before the log');
    await exported();
    ctx.app.sqlite.prepare('UPDATE content_bundle_exports SET log_seq = NULL').run();
    const changed = await post('After the log');
    const changes = await exported('last');
    expect(changes.posts.map((item) => item.id)).toEqual([changed]);
    expect(changes.posts.map((item) => item.id)).not.toContain(kept);
  });
});
