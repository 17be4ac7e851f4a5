// What a bundle must carry beyond the texts and files, each written as the failure it guards
// against: image descriptions (alt texts) of posts, page texts and cities, and a change of an alt
// text alone; an older (version 1) bundle without them; translation links between posts, and
// never a change to an office's own post through one; the images' responsive variants at the
// office; and the dashboard's search over the imported posts.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantPath } from '@shared/domain';
import { imageSize } from 'image-size';
import { upgradeOlderImages } from '../uploads/legacy-images';
import { storedVariantWidths } from '../uploads/images';
import { makeImage, multipart } from '../../test/upload-files';
import { TEST_ADMIN, bearer, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';
import { writeBundle } from './archive';
import { publishedContent } from './export';
import { emptyContent, type PostItem } from './format';
import { generateSigningKey } from './keys';
import { bundleMessages } from './messages';
import { bundleSiteOf } from './site';
import { exportVia, importVia, MEMBERS, repack, resign } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundles-carried-'));
const hqKey = generateSigningKey(path.join(scratch, 'hq-key.pem'));
let fileCount = 0;
const scratchFile = (name: string) => path.join(scratch, `${(fileCount += 1)}-${name}`);

const contexts: TestContext[] = [];
let hq: TestContext;
let hqToken: string;

async function site(env: Record<string, string>): Promise<{ ctx: TestContext; token: string }> {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return { ctx, token: await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password) };
}
const newOffice = () => site({ CONTENT_TRUSTED_KEYS: hqKey.publicKeyLine });

beforeAll(async () => {
  ({ ctx: hq, token: hqToken } = await site({ CONTENT_SIGNING_KEY: path.join(scratch, 'hq-key.pem'), OFFICE_NAME: 'Headquarters' }));
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

async function call(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

async function uploadImage(size: number, field: 'image' | 'pictures' = 'image'): Promise<string> {
  const { payload, headers } = multipart([{ field, filename: 'a.png', contentType: 'image/png', data: await makeImage('png', size) }]);
  const response = await hq.app.inject({ method: 'POST', url: field === 'image' ? '/api/upload' : '/api/upload/multi', payload, headers: { ...headers, ...bearer(hqToken) } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<string | string[]>();
  return Array.isArray(body) ? body[0] : body;
}

async function importInto(office: { ctx: TestContext; token: string }, bundle: string) {
  const response = await importVia(office.ctx.app, office.token, bundle);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const readPost = (app: FastifyInstance, token: string, id: string) => call(app, token, 'GET', `/api/posts/${id}`);
const postBody = (post: Record<string, unknown>, changes: Record<string, unknown> = {}) => {
  const { title, describtion, image, imageAlt, pictures, picturesAlt, video, language, type, pdf, state } = post;
  return { title, describtion, image, imageAlt, pictures, picturesAlt, video, language, type, pdf, state, ...changes };
};

describe('alt texts travel with the content', () => {
  let office: { ctx: TestContext; token: string };
  let postId: string;
  let cityId: string;

  it('a post\'s, a page text\'s and a city\'s image descriptions arrive at the office as headquarters wrote them', async () => {
    const image = await uploadImage(40);
    const pictures = [await uploadImage(30, 'pictures'), await uploadImage(20, 'pictures'), await uploadImage(10, 'pictures')];
    postId = (await call(hq.app, hqToken, 'POST', '/api/posts', {
      title: 'Described pictures', describtion: 'A post whose pictures are described.', language: 'en', type: 'Iraq', image,
      imageAlt: 'A hotline poster on a wall', pictures, picturesAlt: ['Volunteers at a stand', '', null],
    }))._id;
    const pageImage = await uploadImage(50);
    await call(hq.app, hqToken, 'POST', '/api/content/About', { contentEn: 'About us', contentAr: 'من نحن', image: pageImage, imageAltEn: 'Our team', imageAltAr: 'فريقنا' });
    const thumbnail = await uploadImage(25);
    cityId = (await call(hq.app, hqToken, 'POST', '/api/maps', {
      name: 'Duhok', thumbnail, thumbnailAltEn: 'Duhok at dusk', thumbnailAltAr: 'دهوك عند الغروب', branch: [],
    }))._id;

    office = await newOffice();
    await importInto(office, await exportVia(hq.app, hqToken, scratchFile('full.tar.gz')));

    const arrived = await readPost(office.ctx.app, office.token, postId);
    expect(arrived).toMatchObject({ imageAlt: 'A hotline poster on a wall', picturesAlt: ['Volunteers at a stand', '', null] });
    const page = await call(office.ctx.app, office.token, 'GET', '/api/content/About');
    expect(page).toMatchObject({ imageAltEn: 'Our team', imageAltAr: 'فريقنا' });
    const city = await call(office.ctx.app, office.token, 'GET', `/api/maps/${cityId}`);
    expect(city).toMatchObject({ thumbnailAltEn: 'Duhok at dusk', thumbnailAltAr: 'دهوك عند الغروب', countryMapAltEn: null });
    // The dashboard's "alt text missing" flag reads the same at both sites (one picture is not described).
    const flag = async (app: FastifyInstance, token: string) => (await call(app, token, 'GET', '/api/posts/manage?q=Described')).posts[0].altMissing;
    expect(await flag(office.ctx.app, office.token)).toBe(true);
    expect(await flag(hq.app, hqToken)).toBe(true);
  });

  it('changing only an alt text at headquarters makes an incremental bundle carry the item', async () => {
    const post = await readPost(hq.app, hqToken, postId);
    await call(hq.app, hqToken, 'PUT', `/api/posts/${postId}`, postBody(post, { picturesAlt: ['Volunteers at a stand', '', 'A leaflet in Kurdish'] }));
    await call(hq.app, hqToken, 'POST', '/api/content/About', { contentEn: 'About us', contentAr: 'من نحن', image: (await call(hq.app, hqToken, 'GET', '/api/content/About')).image, imageAltEn: 'Our team in Erbil', imageAltAr: 'فريقنا في أربيل' });
    const city = await call(hq.app, hqToken, 'GET', `/api/maps/${cityId}`);
    await call(hq.app, hqToken, 'POST', `/api/maps/${cityId}`, { name: city.name, thumbnail: city.thumbnail, thumbnailAltEn: '', thumbnailAltAr: '', branch: [] });

    const report = await importInto(office, await exportVia(hq.app, hqToken, scratchFile('alt-only.tar.gz'), 'last'));
    expect(report.changes.posts).toMatchObject({ updated: 1 });
    expect(report.changes.pages).toMatchObject({ updated: 1 });
    expect(report.changes.cities).toMatchObject({ updated: 1 });
    expect((await readPost(office.ctx.app, office.token, postId)).picturesAlt).toEqual(['Volunteers at a stand', '', 'A leaflet in Kurdish']);
    expect(await call(office.ctx.app, office.token, 'GET', '/api/content/About')).toMatchObject({ imageAltEn: 'Our team in Erbil', imageAltAr: 'فريقنا في أربيل' });
    expect(await call(office.ctx.app, office.token, 'GET', `/api/maps/${cityId}`)).toMatchObject({ thumbnailAltEn: '', thumbnailAltAr: '' });
    expect((await call(office.ctx.app, office.token, 'GET', '/api/posts/manage?q=Described')).posts[0].altMissing).toBe(false);
  });

  it('an older (version 1) bundle, without alt texts, still applies: its images arrive as not described (null)', async () => {
    const full = await exportVia(hq.app, hqToken, scratchFile('v2.tar.gz'));
    const versionOne = await repack(full, scratchFile('v1.tar.gz'), (members) => {
      const content = JSON.parse(members.get(MEMBERS.content)!.toString('utf8'));
      for (const post of content.posts) { delete post.imageAlt; delete post.picturesAlt; delete post.translationOf; }
      for (const page of content.pages) { delete page.imageAltEn; delete page.imageAltAr; }
      for (const city of content.cities) for (const field of Object.keys(city)) if (field.includes('Alt')) delete city[field];
      members.set(MEMBERS.content, Buffer.from(JSON.stringify(content)));
      const manifest = JSON.parse(members.get(MEMBERS.manifest)!.toString('utf8'));
      members.set(MEMBERS.manifest, Buffer.from(JSON.stringify({ ...manifest, formatVersion: 1 })));
      resign(members, hqKey);
    });
    const older = await newOffice();
    await importInto(older, versionOne);
    expect(await readPost(older.ctx.app, older.token, postId)).toMatchObject({ imageAlt: null, picturesAlt: [null, null, null] });
    expect(await call(older.ctx.app, older.token, 'GET', '/api/content/About')).toMatchObject({ imageAltEn: null, imageAltAr: null });
    expect(await call(older.ctx.app, older.token, 'GET', `/api/maps/${cityId}`)).toMatchObject({ thumbnailAltEn: null, thumbnailAltAr: null });
  });

  it('refuses, with nothing changed, a signed bundle whose alt texts do not fit: one too many, one too long, a post its own translation', async () => {
    const target = await newOffice();
    const full = await exportVia(hq.app, hqToken, scratchFile('base.tar.gz'));
    const edits: Array<(content: { posts: Array<Record<string, unknown>> }) => void> = [
      (content) => { const post = content.posts.find((p) => p.id === postId)!; post.picturesAlt = [...(post.picturesAlt as unknown[]), 'one too many']; },
      (content) => { content.posts.find((p) => p.id === postId)!.imageAlt = 'x'.repeat(501); },
      (content) => { const post = content.posts.find((p) => p.id === postId)!; post.translationOf = post.id; },
    ];
    for (const edit of edits) {
      const forged = await repack(full, scratchFile('forged.tar.gz'), (members) => {
        const content = JSON.parse(members.get(MEMBERS.content)!.toString('utf8'));
        edit(content);
        members.set(MEMBERS.content, Buffer.from(JSON.stringify(content)));
        resign(members, hqKey);
      });
      const response = await importVia(target.ctx.app, target.token, forged);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ messageEn: bundleMessages.badContent.en });
    }
    expect(target.ctx.app.sqlite.prepare('SELECT count(*) AS n FROM posts').get()).toEqual({ n: 0 });
  });
});

describe('translation links travel between headquarters\' published posts', () => {
  let office: { ctx: TestContext; token: string };
  const ids: Record<string, string> = {};
  const linkOf = (app: FastifyInstance, id: string) => (app.sqlite.prepare('SELECT translation_of AS t FROM posts WHERE id = ?').get(id) as { t: string | null } | undefined)?.t;

  it('two posts linked at headquarters arrive linked both ways; a link to a draft does not travel', async () => {
    const make = async (title: string, language: 'en' | 'ar', extra: Record<string, unknown> = {}) =>
      (await call(hq.app, hqToken, 'POST', '/api/posts', { title, describtion: `${title}.`, language, type: 'Guide', ...extra }))._id as string;
    ids.en = await make('Know your rights', 'en');
    ids.ar = await make('اعرف حقوقك', 'ar', { translationOf: ids.en });
    ids.draftEn = await make('Draft guide', 'en', { state: 'draft' });
    ids.withDraft = await make('دليل مسودة', 'ar', { translationOf: ids.draftEn });
    expect(linkOf(hq.app, ids.en)).toBe(ids.ar);
    expect(linkOf(hq.app, ids.withDraft)).toBe(ids.draftEn);

    office = await newOffice();
    await importInto(office, await exportVia(hq.app, hqToken, scratchFile('links.tar.gz')));
    expect(linkOf(office.ctx.app, ids.en)).toBe(ids.ar);
    expect(linkOf(office.ctx.app, ids.ar)).toBe(ids.en);
    expect((await call(office.ctx.app, office.token, 'GET', `/api/posts/${ids.ar}`)).translationOf).toBe(ids.en);
    expect(linkOf(office.ctx.app, ids.withDraft)).toBeNull();
    expect(linkOf(office.ctx.app, ids.draftEn)).toBeUndefined();
  });

  it('relinking at headquarters moves the link at the office; deleting one side unlinks the other', async () => {
    ids.en2 = (await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'Know your rights, second edition', describtion: 'Second.', language: 'en', type: 'Guide' }))._id;
    const arabic = await readPost(hq.app, hqToken, ids.ar);
    await call(hq.app, hqToken, 'PUT', `/api/posts/${ids.ar}`, postBody(arabic, { translationOf: ids.en2 }));
    const moved = await importInto(office, await exportVia(hq.app, hqToken, scratchFile('relink.tar.gz'), 'last'));
    expect(moved.changes.posts).toMatchObject({ added: 1 });
    expect([linkOf(office.ctx.app, ids.ar), linkOf(office.ctx.app, ids.en2), linkOf(office.ctx.app, ids.en)]).toEqual([ids.en2, ids.ar, null]);

    await call(hq.app, hqToken, 'DELETE', `/api/posts/${ids.en2}`);
    const removed = await importInto(office, await exportVia(hq.app, hqToken, scratchFile('tombstone.tar.gz'), 'last'));
    expect(removed.changes.posts).toMatchObject({ deleted: 1 });
    expect(linkOf(office.ctx.app, ids.ar)).toBeNull();
  });

  it('never changes an office\'s own post: a link the office made to it stays, and the bundle\'s link for that post waits', async () => {
    const own = (await call(office.ctx.app, office.token, 'POST', '/api/posts', { title: 'Office guide in English', describtion: 'Ours.', language: 'en', type: 'Guide' }))._id as string;
    await call(office.ctx.app, office.token, 'PUT', `/api/posts/${ids.ar}`, postBody(await readPost(office.ctx.app, office.token, ids.ar), { translationOf: own }));
    const ownBefore = office.ctx.app.sqlite.prepare('SELECT * FROM posts WHERE id = ?').get(own);

    // Headquarters links its Arabic post to its English one again.
    await call(hq.app, hqToken, 'PUT', `/api/posts/${ids.ar}`, postBody(await readPost(hq.app, hqToken, ids.ar), { translationOf: ids.en }));
    const report = await importInto(office, await exportVia(hq.app, hqToken, scratchFile('office-link.tar.gz'), 'last'));
    expect(report.changes.posts.updated + report.changes.posts.unchanged).toBeGreaterThan(0);
    expect(office.ctx.app.sqlite.prepare('SELECT * FROM posts WHERE id = ?').get(own)).toEqual(ownBefore);
    expect(linkOf(office.ctx.app, ids.ar)).toBe(own);
    expect(linkOf(office.ctx.app, ids.en)).toBeNull();
  });

  it('a signed bundle naming an office\'s own post, or a post of the same language, as a translation links nothing', async () => {
    const { ctx, token } = await newOffice();
    const own = (await call(ctx.app, token, 'POST', '/api/posts', { title: 'Local Arabic text', describtion: 'Ours.', language: 'ar', type: 'Guide' }))._id as string;
    const ownBefore = ctx.app.sqlite.prepare('SELECT * FROM posts WHERE id = ?').get(own);
    const post = (id: string, language: 'en' | 'ar', translationOf: string | null): PostItem => ({
      id, title: `Forged ${id}`, description: 'Text', image: '', imageAlt: null, pictures: [], picturesAlt: [], video: '', language, type: 'Guide', pdf: '',
      views: 0, authorId: null, authorName: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', translationOf,
    });
    const { file } = await writeBundle(scratchFile('forged-links.tar.gz'), {
      bundleId: '20260101-000000-abcdef', baseBundleId: null, createdAt: '2026-01-01T00:00:00.000Z', sourceName: 'Headquarters',
      content: { ...emptyContent(), posts: [post('a'.repeat(24), 'en', own), post('b'.repeat(24), 'en', 'c'.repeat(24)), post('c'.repeat(24), 'en', 'b'.repeat(24))] },
      uploadsDir: hq.config.uploadsDir, signingKey: hqKey,
    });
    const response = await importVia(ctx.app, token, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(ctx.app.sqlite.prepare('SELECT * FROM posts WHERE id = ?').get(own)).toEqual(ownBefore);
    for (const id of ['a', 'b', 'c']) expect(linkOf(ctx.app, id.repeat(24))).toBeNull();
  });
});

describe('images at the office', () => {
  it('every variant the public pages list answers 200 from its own file, and the originals stay headquarters\' bytes after a restart', async () => {
    const big = await uploadImage(2000);
    const small = await uploadImage(64);
    const postId = (await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'Wide photograph', describtion: 'Variants.', language: 'en', type: 'Training', image: big, pictures: [small] }))._id;
    const office = await newOffice();
    await importInto(office, await exportVia(hq.app, hqToken, scratchFile('variants.tar.gz')));

    const { uploadsDir } = office.ctx.config;
    const fileOf = (publicPath: string) => path.join(uploadsDir, path.basename(publicPath));
    const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const post = await readPost(office.ctx.app, office.token, postId);
    const images = [post.image as string, ...(post.pictures as string[])];
    const maps = await call(office.ctx.app, office.token, 'GET', '/api/maps');
    for (const city of maps) for (const field of ['thumbnail', 'countryMap', 'cityMap', 'cityMapAdd']) if (city[field]) images.push(city[field]);
    expect(images.length).toBeGreaterThan(2);
    for (const image of images) {
      // The variants its width calls for (a narrow picture has only its smallest, at its own width).
      for (const width of storedVariantWidths(imageSize(readFileSync(fileOf(image))).width!)) {
        const variant = imageVariantPath(image, width);
        // Written at the import, not the original standing in for it.
        expect(statSync(fileOf(variant), { throwIfNoEntry: false })?.isFile(), variant).toBe(true);
        const response = await office.ctx.app.inject({ method: 'GET', url: variant });
        expect(response.statusCode, variant).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
      }
    }
    const wide = await office.ctx.app.inject({ method: 'GET', url: imageVariantPath(big, 480) });
    expect(wide.rawPayload.length).toBeLessThan(statSync(fileOf(big)).size);

    // The start-up cleaning of older images (as after a restart) finds nothing to rewrite...
    const before = images.map((image) => sha(fileOf(image)));
    expect(await upgradeOlderImages(office.ctx.app, Date.now() + 60_000, () => false)).toBe(0);
    expect(images.map((image) => sha(fileOf(image)))).toEqual(before);
    // ...so the next full bundle finds the same files and applies.
    const again = await importVia(office.ctx.app, office.token, await exportVia(hq.app, hqToken, scratchFile('variants-again.tar.gz')));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('the dashboard list at the office', () => {
  it('finds an imported post by a word of its title or text', async () => {
    await call(hq.app, hqToken, 'POST', '/api/posts', { title: 'Zanzibarian outreach', describtion: 'Quokkaesque leaflets for the camps.', language: 'en', type: 'Iraq' });
    const office = await newOffice();
    await importInto(office, await exportVia(hq.app, hqToken, scratchFile('search.tar.gz')));
    for (const word of ['zanzibarian', 'Quokkaesque']) {
      const found = await call(office.ctx.app, office.token, 'GET', `/api/posts/manage?q=${word}`);
      expect(found.total, word).toBe(1);
      expect(found.posts[0].title).toBe('Zanzibarian outreach');
    }
    // An edit at headquarters is found by its new words, no longer by the old ones.
    const id = (await publishedContent(bundleSiteOf(hq.app))).posts.find((post) => post.title === 'Zanzibarian outreach')!.id;
    const post = await readPost(hq.app, hqToken, id);
    await call(hq.app, hqToken, 'PUT', `/api/posts/${id}`, postBody(post, { title: 'Ocelotine outreach' }));
    await importInto(office, await exportVia(hq.app, hqToken, scratchFile('search-edit.tar.gz'), 'last'));
    expect((await call(office.ctx.app, office.token, 'GET', '/api/posts/manage?q=ocelotine')).total).toBe(1);
    expect((await call(office.ctx.app, office.token, 'GET', '/api/posts/manage?q=zanzibarian')).total).toBe(0);
  });
});
