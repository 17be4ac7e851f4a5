// Content bundles end to end through the API: headquarters (demo content, uploads, a draft) exports,
// a fresh field office imports, and every public answer is the same; replays, tampering, untrusted
// keys, older bundles and missing bases are refused with nothing changed; edits and deletions arrive
// by an incremental bundle; the office's drafts, votes, visits, events, users and settings survive.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeImage, makePdf, multipart } from '../../test/upload-files';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { writeBundle } from './archive';
import { publishedContent } from './export';
import { generateSigningKey, loadSigningKey } from './keys';
import { bundleMessages } from './messages';
import { bundleSiteOf } from './site';
import { bundleState, exportVia, importVia, MEMBERS, officeOwnData, publicAnswers, repack } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundles-test-'));
const hqKeyFile = path.join(scratch, 'hq-key.pem');
const hqKey = generateSigningKey(hqKeyFile);
const strangerKey = generateSigningKey(path.join(scratch, 'stranger-key.pem'));
let fileCount = 0;
const scratchFile = (name: string) => path.join(scratch, `${(fileCount += 1)}-${name}`);

let hq: TestContext;
let hqToken: string;
let office: TestContext;
let officeToken: string;
const contexts: TestContext[] = [];

async function newOffice(env: Record<string, string> = { CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine }): Promise<{ ctx: TestContext; token: string }> {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return { ctx, token: await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password) };
}

beforeAll(async () => {
  hq = await createTestApp({ SEED_DEMO: '1', CONTENT_SIGNING_KEY: hqKeyFile, OFFICE_NAME: 'Headquarters Baghdad' });
  contexts.push(hq);
  hqToken = await login(hq.app, TEST_ADMIN.email, TEST_ADMIN.password);
  ({ ctx: office, token: officeToken } = await newOffice());
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function upload(app: FastifyInstance, token: string, url: string, field: string, data: Buffer, filename: string): Promise<string | string[]> {
  const { payload, headers } = multipart([{ field, filename, contentType: 'application/octet-stream', data }]);
  const response = await app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function call(app: FastifyInstance, token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

async function publishedPosts(app: FastifyInstance, token: string): Promise<Array<Record<string, unknown> & { _id: string; title: string; state: string }>> {
  const response = await app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(token) });
  return response.json<Array<Record<string, unknown> & { _id: string; title: string; state: string }>>().filter((post) => post.state === 'published');
}

/** The editable body of a post as read from the API. */
function postBody(post: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  const { title, describtion, image, pictures, video, language, type, pdf, state } = post;
  return { title, describtion, image, pictures, video, language, type, pdf, state, ...changes };
}

async function cityBody(app: FastifyInstance, id: string, changes: Record<string, unknown> = {}) {
  const city = (await app.inject({ method: 'GET', url: `/api/maps/${id}` })).json();
  const { name, thumbnail, countryMap, cityMap, cityMapAdd, branch } = city;
  return { name, thumbnail, countryMap, cityMap, cityMapAdd, branch, ...changes };
}

async function cityIdNamed(app: FastifyInstance, name: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/maps/m/${encodeURIComponent(name)}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ _id: string }>()._id;
}

function refusal(response: { statusCode: number; body: string }, status: number, message: { en: string; ar: string }) {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response.body);
  expect(error).toMatchObject({ messageEn: message.en, messageAr: message.ar });
}

let draftId: string;
let bundleOne: string;

describe('a full bundle from headquarters to a new field office', () => {
  it('makes every public answer of the office equal to headquarters\', files included, and keeps the office\'s own data', async () => {
    // Headquarters: uploads of every kind, a post that shows them, a draft, an emergency entry with an icon.
    const image = await upload(hq.app, hqToken, '/api/upload', 'image', await makeImage('png'), 'a.png') as string;
    const pdf = await upload(hq.app, hqToken, '/api/upload/pdf', 'pdf', makePdf(), 'a.pdf') as string;
    const pictures = await upload(hq.app, hqToken, '/api/upload/multi', 'pictures', await makeImage('jpeg', 12), 'b.jpg') as string[];
    await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'Bundled files', describtion: 'A post with an image, a PDF and an album.', language: 'en', type: 'Iraq', image, pdf, pictures });
    const draftImage = await upload(hq.app, hqToken, '/api/upload', 'image', await makeImage('webp', 10), 'd.webp') as string;
    draftId = (await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'Not ready yet', describtion: 'A draft stays at headquarters.', language: 'en', type: 'Iraq', state: 'draft', image: draftImage }))._id;
    const icon = await upload(hq.app, hqToken, '/api/upload', 'image', await makeImage('gif', 6), 'i.gif') as string;
    await call(hq.app, hqToken, 'POST', '/api/emergency', { type: 'VOT', value: '+964 770 000 0999', nameEN: 'Shelter line', nameAR: 'خط المأوى', icon });

    // The office: votes, visits, page views, a user and a setting of its own; the public lists read (and cached) while empty.
    await office.app.inject({ method: 'POST', url: '/api/rating/website', payload: { rate: 4 } });
    await office.app.inject({ method: 'POST', url: '/api/rating/service', payload: { rate: 2 } });
    await office.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'pageview', path: '/about' } });
    await office.app.inject({ method: 'GET', url: '/api/visitor' });
    await createAuthor(office.app, officeToken, 'office-author@example.org');
    await call(office.app, officeToken, 'PUT', '/api/settings', { quickExitUrl: 'https://weather.example.org/' });
    expect((await office.app.inject({ method: 'GET', url: '/api/posts/Iraq/en' })).json()).toEqual({ posts: [], pages: 0 });
    const ownBefore = officeOwnData(office.app);

    bundleOne = await exportVia(hq.app, hqToken, scratchFile('full.tar.gz'));
    const response = await importVia(office.app, officeToken, bundleOne);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    const published = await publishedPosts(hq.app, hqToken);
    expect(report.changes.posts).toEqual({ added: published.length, updated: 0, deleted: 0, unchanged: 0 });
    expect(report.changes.cities.added).toBe(5);
    expect(report.changes.pages.added).toBe(3);
    expect(report.sourceName).toBe('Headquarters Baghdad');
    expect(report.sourceKey).toBe(hqKey.publicKeyLine);
    expect(report.baseBundleId).toBeNull();

    const atHeadquarters = await publicAnswers(hq.app, hqToken, [draftId]);
    expect(await publicAnswers(office.app, officeToken, [draftId])).toEqual(atHeadquarters);
    // The comparison covered every post and file: the demo's 17 posts and more, and their pictures and PDFs.
    expect(Object.keys(atHeadquarters).filter((url) => /^\/api\/posts\/[0-9a-f]{24}$/.test(url)).length).toBeGreaterThanOrEqual(published.length);
    expect(Object.keys(atHeadquarters).filter((url) => url.startsWith('/uploads/')).length).toBeGreaterThan(20);
    expect(Object.values(atHeadquarters).every((answer) => !answer.startsWith('5'))).toBe(true);
    expect(officeOwnData(office.app)).toEqual(ownBefore);
    // The draft's picture never left headquarters.
    expect(readdirSync(office.config.uploadsDir)).not.toContain(path.basename(draftImage));
    const audit = (await office.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(officeToken) })).json();
    expect(audit.entries[0]).toMatchObject({ userEmail: TEST_ADMIN.email, action: 'create', entity: 'content-bundle', entityId: report.bundleId });
  });
});

describe('bundles the office refuses, with nothing changed', () => {
  let before: Record<string, string>;
  let stateBefore: Record<string, unknown>;

  beforeAll(async () => {
    before = await publicAnswers(office.app, officeToken);
    stateBefore = bundleState(office.app, office.config.uploadsDir);
  });

  async function expectNothingChanged() {
    expect(await publicAnswers(office.app, officeToken)).toEqual(before);
    expect(bundleState(office.app, office.config.uploadsDir)).toEqual(stateBefore);
  }

  it('the same bundle a second time (a replay)', async () => {
    refusal(await importVia(office.app, officeToken, bundleOne), 409, bundleMessages.alreadyApplied);
    await expectNothingChanged();
  });

  it('a bundle with one byte changed', async () => {
    const bytes = readFileSync(bundleOne);
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 5, 20]) {
      const changed = Buffer.from(bytes);
      changed[at] ^= 0x01;
      refusal(await importVia(office.app, officeToken, changed), 400, bundleMessages.damaged);
    }
    await expectNothingChanged();
  });

  it('a bundle whose content no longer matches the signed checksums', async () => {
    const tampered = await repack(bundleOne, scratchFile('tampered.tar.gz'), (members) => {
      const content = JSON.parse(members.get(MEMBERS.content)!.toString('utf8'));
      content.emergency[0].value = '+964 000 000 0000';
      members.set(MEMBERS.content, Buffer.from(JSON.stringify(content)));
    });
    refusal(await importVia(office.app, officeToken, tampered), 400, bundleMessages.checksumMismatch);
    const swappedFile = await repack(bundleOne, scratchFile('swapped.tar.gz'), (members) => {
      const name = [...members.keys()].find((member) => member.startsWith('uploads/'))!;
      const copy = Buffer.from(members.get(name)!);
      copy[copy.length - 1] ^= 0xff;
      members.set(name, copy);
    });
    refusal(await importVia(office.app, officeToken, swappedFile), 400, bundleMessages.checksumMismatch);
    await expectNothingChanged();
  });

  it('a bundle whose manifest was edited, or whose signature is gone', async () => {
    const edited = await repack(bundleOne, scratchFile('manifest.tar.gz'), (members) => {
      const manifest = JSON.parse(members.get(MEMBERS.manifest)!.toString('utf8'));
      manifest.createdAt = '2099-01-01T00:00:00.000Z';
      members.set(MEMBERS.manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
    });
    refusal(await importVia(office.app, officeToken, edited), 400, bundleMessages.badSignature);
    const unsigned = await repack(bundleOne, scratchFile('unsigned.tar.gz'), (members) => { members.delete(MEMBERS.signature); });
    refusal(await importVia(office.app, officeToken, unsigned), 400, bundleMessages.unsigned);
    const extra = await repack(bundleOne, scratchFile('extra.tar.gz'), (members) => { members.set('uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png', readFileSync(bundleOne).subarray(0, 10)); });
    refusal(await importVia(office.app, officeToken, extra), 400, bundleMessages.unlistedMember);
    await expectNothingChanged();
  });

  it('a bundle signed by a key the office does not trust, even with headquarters\' name and a newer date', async () => {
    const content = { ...(await publishedContent(bundleSiteOf(hq.app))), tombstones: [] };
    content.emergency = [{ id: 'ffffffffffffffffffffffff', type: 'Emergency', value: '111', nameEn: 'Fake hotline', nameAr: 'خط مزيف', icon: '', createdAt: new Date().toISOString() }];
    const forged = await writeBundle(scratchFile('forged.tar.gz'), {
      bundleId: '20990101-000000-abcdef', baseBundleId: null, createdAt: '2099-01-01T00:00:00.000Z', sourceName: 'Headquarters Baghdad',
      content, uploadsDir: hq.config.uploadsDir, signingKey: strangerKey,
    });
    refusal(await importVia(office.app, officeToken, forged.file), 400, bundleMessages.untrustedKey);
    // The trusted key pasted into the signature of a stranger's bundle does not verify.
    const borrowed = await repack(forged.file, scratchFile('borrowed.tar.gz'), (members) => {
      const signature = JSON.parse(members.get(MEMBERS.signature)!.toString('utf8'));
      members.set(MEMBERS.signature, Buffer.from(JSON.stringify({ ...signature, publicKey: hqKey.publicKeyLine })));
    });
    refusal(await importVia(office.app, officeToken, borrowed), 400, bundleMessages.badSignature);
    await expectNothingChanged();
  });

  it('an incremental bundle whose base the office never applied', async () => {
    const other = await newOffice();
    const secondFull = await exportVia(hq.app, hqToken, scratchFile('second.tar.gz'));
    const sinceSecond = await exportVia(hq.app, hqToken, scratchFile('since-second.tar.gz'), 'last');
    refusal(await importVia(office.app, officeToken, sinceSecond), 409, bundleMessages.baseMissing);
    refusal(await importVia(other.ctx.app, other.token, sinceSecond), 409, bundleMessages.baseMissing);
    expect((await importVia(other.ctx.app, other.token, secondFull)).statusCode).toBe(200);
    await expectNothingChanged();
  });

  it('rejects garbage, a wrong field, no file and a non-multipart body with a bilingual 4xx', async () => {
    refusal(await importVia(office.app, officeToken, Buffer.from('not a bundle at all')), 400, bundleMessages.damaged);
    refusal(await importVia(office.app, officeToken, readFileSync(bundleOne), 'image'), 400, { en: 'Send the file in the field "bundle"', ar: 'يرجى إرسال الملف في الحقل "bundle"' });
    const empty = multipart([{ field: 'note', value: 'x' }]);
    refusal(await office.app.inject({ method: 'POST', url: '/api/content-bundles/import', payload: empty.payload, headers: { ...empty.headers, ...bearer(officeToken) } }), 400, bundleMessages.noFile);
    const json = await office.app.inject({ method: 'POST', url: '/api/content-bundles/import', payload: { bundle: 'x' }, headers: bearer(officeToken) });
    expect(json.statusCode).toBe(400);
    errorOf(json.body);
    await expectNothingChanged();
  });
});

describe('changes at headquarters reach the office', () => {
  let removedId: string;
  let unpublishedId: string;
  let editedId: string;

  it('by an incremental bundle: edits, new items, deletions, unpublishing, and two cities swapping names', async () => {
    const posts = await publishedPosts(hq.app, hqToken);
    // Posts without a translation: a linked one would take its counterpart along (translation links are tested in carried.test.ts).
    const [edited, removed, unpublished] = posts.filter((post) => post.image !== '' && post.translationOf === null);
    editedId = edited._id;
    removedId = removed._id;
    unpublishedId = unpublished._id;
    const newImage = await upload(hq.app, hqToken, '/api/upload', 'image', await makeImage('png', 9), 'n.png') as string;
    await call(hq.app, hqToken, 'PUT', `/api/posts/${edited._id}`, postBody(edited, { title: 'Edited at headquarters', image: newImage }));
    await call(hq.app, hqToken, 'DELETE', `/api/posts/${removed._id}`);
    await call(hq.app, hqToken, 'PUT', `/api/posts/${unpublished._id}`, postBody(unpublished, { state: 'draft' }));
    await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'New at headquarters', describtion: 'Arrives by the incremental bundle.', language: 'ar', type: 'Guide' });
    const baghdad = await cityIdNamed(hq.app, 'Baghdad');
    const basra = await cityIdNamed(hq.app, 'Basra');
    await call(hq.app, hqToken, 'POST', `/api/maps/${baghdad}`, await cityBody(hq.app, baghdad, { name: 'Swapping' }));
    await call(hq.app, hqToken, 'POST', `/api/maps/${basra}`, await cityBody(hq.app, basra, { name: 'Baghdad' }));
    await call(hq.app, hqToken, 'POST', `/api/maps/${baghdad}`, await cityBody(hq.app, baghdad, { name: 'Basra' }));
    await call(hq.app, hqToken, 'DELETE', `/api/maps/${await cityIdNamed(hq.app, 'Anbar')}`);
    await call(hq.app, hqToken, 'POST', '/api/emergency', { type: 'Emergency', value: '112', nameEN: 'Ambulance', nameAR: 'الإسعاف' });
    const contacts = (await hq.app.inject({ method: 'GET', url: '/api/contact' })).json();
    await call(hq.app, hqToken, 'DELETE', `/api/contact/${contacts[0]._id}`);
    await call(hq.app, hqToken, 'POST', '/api/content/About', { contentEn: 'About us, rewritten.', contentAr: 'من نحن، بصياغة جديدة.' });

    const applied = (await office.app.inject({ method: 'GET', url: '/api/content-bundles', headers: bearer(officeToken) })).json().applied;
    const since = await exportVia(hq.app, hqToken, scratchFile('since-one.tar.gz'), applied[0].bundleId);
    const response = await importVia(office.app, officeToken, since);
    expect(response.statusCode, response.body).toBe(200);
    const { changes } = response.json();
    expect(changes.posts).toEqual({ added: 1, updated: 1, deleted: 2, unchanged: 0 });
    expect(changes.cities).toEqual({ added: 0, updated: 2, deleted: 1, unchanged: 0 });
    expect(changes.emergency).toMatchObject({ added: 1, updated: 0, deleted: 0 });
    expect(changes.contacts).toMatchObject({ added: 0, updated: 0, deleted: 1 });
    expect(changes.pages).toMatchObject({ added: 0, updated: 1, deleted: 0 });

    const extra = [removedId, unpublishedId, draftId];
    const officeAnswers = await publicAnswers(office.app, officeToken, extra);
    expect(officeAnswers).toEqual(await publicAnswers(hq.app, hqToken, extra));
    // No file is left behind that nothing shows (the edited post's old image went).
    const shown = Object.keys(officeAnswers).filter((key) => key.startsWith('/uploads/')).map((key) => key.slice('/uploads/'.length)).sort();
    const onDisk = readdirSync(office.config.uploadsDir).sort();
    const isVariant = (name: string) => /-\d+w\.webp$/.test(name);
    expect(onDisk.filter((name) => !isVariant(name))).toEqual(shown);
    // Variants (written at the office) only of images still shown.
    const shownBases = new Set(shown.map((name) => name.slice(0, name.lastIndexOf('.'))));
    expect(onDisk.filter(isVariant).every((name) => shownBases.has(name.replace(/-\d+w\.webp$/, '')))).toBe(true);
    expect(shown).not.toContain(path.basename(edited.image as string));
  });

  it('a full bundle made afterwards changes nothing at an office that is up to date', async () => {
    const full = await exportVia(hq.app, hqToken, scratchFile('full-again.tar.gz'));
    const before = await publicAnswers(office.app, officeToken);
    const response = await importVia(office.app, officeToken, full);
    expect(response.statusCode, response.body).toBe(200);
    for (const kind of ['posts', 'pages', 'cities', 'emergency', 'contacts']) {
      expect(response.json().changes[kind]).toMatchObject({ added: 0, updated: 0, deleted: 0 });
    }
    expect(response.json().files.copied).toBe(0);
    expect(await publicAnswers(office.app, officeToken)).toEqual(before);
  });

  it('never touches a post the office keeps as a draft', async () => {
    const local = (await office.app.inject({ method: 'GET', url: `/api/posts/${editedId}`, headers: bearer(officeToken) })).json();
    await call(office.app, officeToken, 'PUT', `/api/posts/${editedId}`, postBody(local, { state: 'draft', title: 'Held back by the office' }));
    const atHq = (await hq.app.inject({ method: 'GET', url: `/api/posts/${editedId}`, headers: bearer(hqToken) })).json();
    await call(hq.app, hqToken, 'PUT', `/api/posts/${editedId}`, postBody(atHq, { title: 'Edited again at headquarters' }));
    const update = await importVia(office.app, officeToken, await exportVia(hq.app, hqToken, scratchFile('draft-1.tar.gz'), 'last'));
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ keptDrafts: 1, changes: { posts: { added: 0, updated: 0, deleted: 0 } } });
    await call(hq.app, hqToken, 'DELETE', `/api/posts/${editedId}`);
    const removal = await importVia(office.app, officeToken, await exportVia(hq.app, hqToken, scratchFile('draft-2.tar.gz'), 'last'));
    expect(removal.json()).toMatchObject({ keptDrafts: 1, changes: { posts: { deleted: 0 } } });
    const kept = (await office.app.inject({ method: 'GET', url: `/api/posts/${editedId}`, headers: bearer(officeToken) })).json();
    expect(kept).toMatchObject({ state: 'draft', title: 'Held back by the office' });
  });

  it('applies a bundle once when two imports of it arrive at the same moment', async () => {
    await call(hq.app, hqToken, 'POST', '/api/contact', { type: 'email', value: 'race@example.org' });
    const bytes = readFileSync(await exportVia(hq.app, hqToken, scratchFile('race.tar.gz'), 'last'));
    const answers = await Promise.all([importVia(office.app, officeToken, bytes), importVia(office.app, officeToken, bytes)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const contacts = (await office.app.inject({ method: 'GET', url: '/api/contact' })).json();
    expect(contacts.filter((contact: { value: string }) => contact.value === 'race@example.org')).toHaveLength(1);
  });

  it('refuses an older bundle after a newer one', async () => {
    const other = await newOffice();
    const older = await exportVia(hq.app, hqToken, scratchFile('older.tar.gz'));
    const newer = await exportVia(hq.app, hqToken, scratchFile('newer.tar.gz'));
    expect((await importVia(other.ctx.app, other.token, newer)).statusCode).toBe(200);
    const before = await publicAnswers(other.ctx.app, other.token);
    refusal(await importVia(other.ctx.app, other.token, older), 409, bundleMessages.olderThanApplied);
    expect(await publicAnswers(other.ctx.app, other.token)).toEqual(before);
  });
});

describe('an office with content of its own', () => {
  it('keeps its own posts, cities and numbers; a bundle city takes the place of its city of the same name', async () => {
    const { ctx, token } = await newOffice();
    const own = await call(ctx.app, token, 'POST', '/api/posts', { title: 'Our own news', describtion: 'Written at the office.', language: 'en', type: 'Iraq' });
    const ownCity = await call(ctx.app, token, 'POST', '/api/maps', { name: 'Karbala', branch: [] });
    await call(ctx.app, token, 'POST', '/api/maps', { name: 'basra', branch: [] });
    const ownNumber = await call(ctx.app, token, 'POST', '/api/emergency', { type: 'Emergency', value: '104', nameEN: 'Local police', nameAR: 'الشرطة المحلية' });

    const first = await importVia(ctx.app, token, await exportVia(hq.app, hqToken, scratchFile('own-1.tar.gz')));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().replacedCities).toEqual(['basra']);
    const basra = (await ctx.app.inject({ method: 'GET', url: '/api/maps/m/Basra' })).json();
    expect(basra._id).toBe(await cityIdNamed(hq.app, 'Basra'));

    // A post deleted at headquarters while this office missed the incremental bundle goes with the next full one.
    const gone = (await publishedPosts(hq.app, hqToken))[0];
    await call(hq.app, hqToken, 'DELETE', `/api/posts/${gone._id}`);
    const second = await importVia(ctx.app, token, await exportVia(hq.app, hqToken, scratchFile('own-2.tar.gz')));
    expect(second.json().changes.posts.deleted).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${gone._id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${own._id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/maps/${ownCity._id}` })).statusCode).toBe(200);
    const numbers = (await ctx.app.inject({ method: 'GET', url: '/api/emergency' })).json();
    expect(numbers.map((entry: { _id: string }) => entry._id)).toContain(ownNumber._id);
  });

  it('trusts a key pasted in the dashboard as well as CONTENT_TRUSTED_KEYS', async () => {
    const { ctx, token } = await newOffice({});
    const bundle = await exportVia(hq.app, hqToken, scratchFile('dashboard-key.tar.gz'));
    refusal(await importVia(ctx.app, token, bundle), 400, bundleMessages.untrustedKey);
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/content-bundles/settings', headers: bearer(token), payload: { trustedKeys: [hqKey.publicKeyLine, 'ed25519:not-a-key'], officeName: 'Basra office' } });
    // The message names the key as the dashboard's form does (issue 24).
    refusal(bad, 400, { en: `Trusted key 2: ${bundleMessages.badKeyLine.en}`, ar: `المفتاح الموثوق 2: ${bundleMessages.badKeyLine.ar}` });
    expect(errorOf(bad.body).field).toBe('trustedKeys.1');
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/content-bundles/settings', headers: bearer(token), payload: { trustedKeys: [` ${hqKey.publicKeyLine} `], officeName: '  Basra   office ' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ trustedKeys: [hqKey.publicKeyLine], officeName: 'Basra office', environmentKeys: [], signingKey: null });
    expect((await importVia(ctx.app, token, bundle)).statusCode).toBe(200);
    // The public settings answer does not show them.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ quickExitUrl: 'https://www.bbc.com/weather' });
  });
});

describe('making bundles', () => {
  it('refuses a base that was not made here, and a site without a signing key', async () => {
    refusal(await hq.app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(hqToken), payload: { since: '20200101-000000-aaaaaa' } }), 404, bundleMessages.unknownBase);
    refusal(await office.app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(officeToken), payload: {} }), 400, bundleMessages.noSigningKey);
  });

  it('shows headquarters its public key and the bundles it made', async () => {
    const overview = (await hq.app.inject({ method: 'GET', url: '/api/content-bundles', headers: bearer(hqToken) })).json();
    expect(overview.signingKey).toBe(loadSigningKey(hqKeyFile).publicKeyLine);
    expect(overview.environmentOfficeName).toBe('Headquarters Baghdad');
    expect(overview.made.length).toBeGreaterThan(3);
    expect(overview.made[0].createdAt > overview.made[1].createdAt).toBe(true);
  });
});

describe('only administrators', () => {
  it('refuses every route to anonymous callers (401) and authors (403)', async () => {
    const author = await createAuthor(office.app, officeToken, 'bundles-author@example.org');
    const routes: Array<[string, string]> = [
      ['GET', '/api/content-bundles'], ['PUT', '/api/content-bundles/settings'], ['POST', '/api/content-bundles/import'],
      ['POST', '/api/content-bundles/export'], ['GET', '/api/content-bundles/figures'], ['POST', '/api/content-bundles/offices/import'],
      ['GET', '/api/content-bundles/offices'],
    ];
    const before = bundleState(office.app, office.config.uploadsDir);
    for (const [method, url] of routes) {
      const anonymous = await office.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : readFileSync(bundleOne) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      errorOf(anonymous.body);
      const byAuthor = await office.app.inject({ method: method as 'GET', url, headers: bearer(author.token), payload: method === 'GET' ? undefined : {} });
      expect(byAuthor.statusCode, `${method} ${url}`).toBe(403);
      errorOf(byAuthor.body);
    }
    expect(bundleState(office.app, office.config.uploadsDir)).toEqual(before);
  });
});
