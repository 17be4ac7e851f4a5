// The checks before anything is touched, played as an attacker or a damaged stick would: size
// bounds (a gzip bomb), a trusted signature over bad content, files whose bytes lie about their
// type, city names the office cannot hold, and a file that would replace a different one.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../test/upload-files';
import { createTestApp, type TestContext } from '../../test/helpers';
import { tarHeader } from '../../backup/tar';
import { writeBundle } from './archive';
import { DEFAULT_BUNDLE_LIMITS, emptyContent, type BundleContent, type BundleLimits, type PostItem } from './format';
import { importBundle } from './import';
import { generateSigningKey } from './keys';
import { BundleRefusedError, bundleMessages } from './messages';
import { bundleSiteOf } from './site';
import { bundleState, repack, resign } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-verify-'));
const key = generateSigningKey(path.join(scratch, 'key.pem'));
const sourceUploads = path.join(scratch, 'hq-uploads');
mkdirSync(sourceUploads);
const IMAGE_NAME = 'aaaaaaaaaaaaaaaaaaaaaaaa.png';
let office: TestContext;
let count = 0;

beforeAll(async () => {
  writeFileSync(path.join(sourceUploads, IMAGE_NAME), await makeImage('png'));
  office = await createTestApp();
});
afterAll(async () => {
  await office.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const post = (changes: Partial<PostItem> = {}): PostItem => ({
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'A post', description: 'Text', image: `/uploads/${IMAGE_NAME}`, imageAlt: null, pictures: [], picturesAlt: [], video: '',
  language: 'en', type: 'Iraq', pdf: '', views: 0, authorId: null, authorName: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
  translationOf: null, ...changes,
});

async function bundleOf(content: Partial<BundleContent>, createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, count)).toISOString()): Promise<string> {
  count += 1;
  const { file } = await writeBundle(path.join(scratch, `b${count}.tar.gz`), {
    bundleId: `20260101-0000${String(count).padStart(2, '0')}-abcdef`, baseBundleId: null, createdAt, sourceName: 'HQ',
    content: { ...emptyContent(), ...content }, uploadsDir: sourceUploads, signingKey: key,
  });
  return file;
}

async function attempt(file: string, limits: BundleLimits = DEFAULT_BUNDLE_LIMITS) {
  return importBundle(file, bundleSiteOf(office.app), {
    dataDir: office.config.dataDir, databaseFile: office.config.databaseFile, uploadsDir: office.config.uploadsDir, trustedKeys: new Set([key.publicKeyLine]),
    actor: { id: null, email: 'test' }, limits,
  });
}

async function expectRefused(file: string, message: { en: string }, limits?: BundleLimits) {
  const before = bundleState(office.app, office.config.uploadsDir);
  const posts = office.app.sqlite.prepare('SELECT * FROM posts').all();
  const error = await attempt(file, limits).then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(BundleRefusedError);
  expect((error as BundleRefusedError).message).toBe(message.en);
  expect(bundleState(office.app, office.config.uploadsDir)).toEqual(before);
  expect(office.app.sqlite.prepare('SELECT * FROM posts').all()).toEqual(posts);
  // Nothing is left in DATA_DIR from the attempt either.
  expect(readdirSync(office.config.dataDir).filter((name) => name.startsWith('.content-import-'))).toEqual([]);
}

describe('size bounds, before anything is unpacked or kept', () => {
  it('refuses an archive larger than the bound', async () => {
    await expectRefused(await bundleOf({ posts: [post()] }), bundleMessages.tooLarge, { ...DEFAULT_BUNDLE_LIMITS, archiveBytes: 100 });
  });

  it('refuses a gzip bomb by the sizes its headers announce, without decompressing or writing it', async () => {
    const bomb = path.join(scratch, 'bomb.tar.gz');
    const size = 20 * 1024 * 1024;
    writeFileSync(bomb, gzipSync(Buffer.concat([tarHeader('uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png', size, new Date()), Buffer.alloc(size), Buffer.alloc(1024)])));
    expect(readFileSync(bomb).length).toBeLessThan(100 * 1024);
    await expectRefused(bomb, bundleMessages.tooLarge, { ...DEFAULT_BUNDLE_LIMITS, unpackedBytes: 1024 * 1024 });
    // Zeros that are not even a tar archive: it ends at once, holding no signature.
    const zeros = path.join(scratch, 'zeros.tar.gz');
    writeFileSync(zeros, gzipSync(Buffer.alloc(size)));
    await expectRefused(zeros, bundleMessages.unsigned, { ...DEFAULT_BUNDLE_LIMITS, unpackedBytes: 1024 * 1024 });
  });

  it('refuses more members than the bound, and an upload larger than the upload routes allow', async () => {
    const bundle = await bundleOf({ posts: [post()] });
    await expectRefused(bundle, bundleMessages.tooLarge, { ...DEFAULT_BUNDLE_LIMITS, members: 3 });
    await expectRefused(bundle, bundleMessages.badUpload, { ...DEFAULT_BUNDLE_LIMITS, uploadBytes: 10 });
  });
});

describe('a bundle signed by a trusted key is still checked', () => {
  it('refuses content that is not in the expected shape', async () => {
    const bundle = await bundleOf({ posts: [post()] });
    const forged = await repack(bundle, path.join(scratch, 'shape.tar.gz'), (members) => {
      const content = JSON.parse(members.get('content.json')!.toString('utf8'));
      content.posts[0].image = '/etc/passwd';
      members.set('content.json', Buffer.from(JSON.stringify(content)));
      resign(members, key);
    });
    await expectRefused(forged, bundleMessages.badContent);
  });

  it('refuses a file whose bytes are not what its name says (a script named .png)', async () => {
    const bundle = await bundleOf({ posts: [post()] });
    const forged = await repack(bundle, path.join(scratch, 'script.tar.gz'), (members) => {
      members.set(`uploads/${IMAGE_NAME}`, Buffer.from('<script>alert(1)</script>'));
      resign(members, key);
    });
    await expectRefused(forged, bundleMessages.badUpload);
  });

  it('refuses two cities whose names differ only in case, and the same id twice', async () => {
    const noAlt = { thumbnailAltEn: null, thumbnailAltAr: null, countryMapAltEn: null, countryMapAltAr: null, cityMapAltEn: null, cityMapAltAr: null, cityMapAddAltEn: null, cityMapAddAltAr: null };
    const city = (id: string, name: string) => ({ id, name, nameAr: '', thumbnail: '', countryMap: '', cityMap: '', cityMapAdd: '', ...noAlt, branches: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    await expectRefused(await bundleOf({ cities: [city('c1', 'Basra'), city('c2', 'BASRA')] }), bundleMessages.badContent);
    await expectRefused(await bundleOf({ posts: [post(), post({ title: 'Same id' })] }), bundleMessages.badContent);
  });
});

describe('files already at the office', () => {
  it('refuses a bundle whose file would replace a different file of the same name, and keeps that file', async () => {
    const mine = Buffer.from('the office\'s own file, not the bundle\'s');
    writeFileSync(path.join(office.config.uploadsDir, IMAGE_NAME), mine);
    await expectRefused(await bundleOf({ posts: [post()] }), bundleMessages.fileConflict);
    expect(readFileSync(path.join(office.config.uploadsDir, IMAGE_NAME))).toEqual(mine);
    rmSync(path.join(office.config.uploadsDir, IMAGE_NAME));
  });

  it('accepts the same file already present, and an item naming a file headquarters lacks too', async () => {
    writeFileSync(path.join(office.config.uploadsDir, IMAGE_NAME), readFileSync(path.join(sourceUploads, IMAGE_NAME)));
    const report = await attempt(await bundleOf({ posts: [post({ pdf: '/uploads/cccccccccccccccccccccccc.pdf' })] }));
    expect(report.files).toEqual({ copied: 0, alreadyPresent: 1 });
    expect(report.changes.posts.added).toBe(1);
  });
});
