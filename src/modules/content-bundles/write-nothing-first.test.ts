// Archives that would make an office write before it knows whom it trusts: unsigned, signed by
// a stranger, or signed with a member whose size is not the one listed. Played against the reader
// itself, so what it writes into its stage folder can be seen: nothing, until the signature and
// the manifest's list and sizes are checked.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarHeader } from '../../backup/tar';
import { makeImage } from '../../test/upload-files';
import { readVerifiedBundle, writeBundle } from './archive';
import { DEFAULT_BUNDLE_LIMITS, emptyContent, type PostItem } from './format';
import { generateSigningKey } from './keys';
import { BundleRefusedError, bundleMessages } from './messages';
import { repack } from '../../test/content-bundles';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-write-nothing-'));
const trusted = generateSigningKey(path.join(scratch, 'trusted.pem'));
const stranger = generateSigningKey(path.join(scratch, 'stranger.pem'));
const IMAGE = 'cccccccccccccccccccccccc.png';
let stages = 0;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A tar.gz of these members, exactly as given: no manifest, no signature unless listed. */
function rawArchive(file: string, members: Array<[string, Buffer]>): string {
  const blocks: Buffer[] = [];
  for (const [name, data] of members) {
    blocks.push(tarHeader(name, data.length, new Date()), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  writeFileSync(file, gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)])));
  return file;
}

async function signedBundle(signer = trusted): Promise<string> {
  const uploads = path.join(scratch, 'uploads');
  mkdirSync(uploads, { recursive: true });
  writeFileSync(path.join(uploads, IMAGE), await makeImage('png'));
  const post: PostItem = {
    id: 'dddddddddddddddddddddddd', title: 'A post', description: 'Text', image: `/uploads/${IMAGE}`, imageAlt: null, pictures: [], picturesAlt: [], video: '',
    language: 'en', type: 'Iraq', pdf: '', views: 0, authorId: null, authorName: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', translationOf: null,
  };
  stages += 1;
  const { file } = await writeBundle(path.join(scratch, `signed-${stages}.tar.gz`), {
    bundleId: `20260101-000000-${String(stages).padStart(6, '0')}`, baseBundleId: null, createdAt: '2026-01-01T00:00:00.000Z', sourceName: 'HQ',
    content: { ...emptyContent(), posts: [post] }, uploadsDir: uploads, signingKey: signer,
  });
  return file;
}

/** Reads the archive into a fresh stage folder; answers the refusal and what the folder holds after it. */
async function read(archive: string): Promise<{ message: string; written: string[] }> {
  stages += 1;
  const stage = path.join(scratch, `stage-${stages}`);
  const error = await readVerifiedBundle(archive, stage, new Set([trusted.publicKeyLine])).then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(BundleRefusedError);
  return { message: (error as BundleRefusedError).message, written: existsSync(stage) ? readdirSync(stage, { recursive: true }).map(String) : [] };
}

describe('nothing is written before the signature and the manifest\'s sizes are checked', () => {
  let signed: string;
  beforeAll(async () => { signed = await signedBundle(); });

  it('an unsigned archive holding a member within the bounds: refused as unsigned, not a byte written', async () => {
    const archive = rawArchive(path.join(scratch, 'unsigned.tar.gz'), [
      ['content.json', Buffer.from('{}')], [`uploads/${IMAGE}`, Buffer.alloc(DEFAULT_BUNDLE_LIMITS.uploadBytes)],
    ]);
    expect(await read(archive)).toEqual({ message: bundleMessages.unsigned.en, written: [] });
  });

  it('an unsigned archive announcing a 1 GB member: refused at that member\'s header, before its bytes are even decompressed', async () => {
    // The header says 1 GB; the bytes behind it are never read, so the file need not hold them.
    const header = tarHeader(`uploads/${IMAGE}`, 1024 * 1024 * 1024, new Date());
    const archive = path.join(scratch, 'huge.tar.gz');
    writeFileSync(archive, gzipSync(Buffer.concat([header, Buffer.alloc(1024 * 1024)])));
    expect(await read(archive)).toEqual({ message: bundleMessages.badUpload.en, written: [] });
  });

  it('a bundle signed by a key this office does not trust: nothing written', async () => {
    expect(await read(await signedBundle(stranger))).toEqual({ message: bundleMessages.untrustedKey.en, written: [] });
  });

  it('a trusted bundle whose member is larger than the manifest lists, or unlisted: nothing written', async () => {
    const grown = await repack(signed, path.join(scratch, 'grown.tar.gz'), (members) => {
      members.set(`uploads/${IMAGE}`, Buffer.concat([members.get(`uploads/${IMAGE}`)!, Buffer.alloc(4096)]));
    });
    expect(await read(grown)).toEqual({ message: bundleMessages.checksumMismatch.en, written: [] });
    const extra = await repack(signed, path.join(scratch, 'extra.tar.gz'), (members) => {
      members.set('uploads/eeeeeeeeeeeeeeeeeeeeeeee.png', Buffer.alloc(1000));
    });
    expect(await read(extra)).toEqual({ message: bundleMessages.unlistedMember.en, written: [] });
  });

  it('a sound bundle is then unpacked and checked as before', async () => {
    stages += 1;
    const stage = path.join(scratch, `stage-${stages}`);
    const bundle = await readVerifiedBundle(signed, stage, new Set([trusted.publicKeyLine]));
    expect([...bundle.files.keys()]).toEqual([`/uploads/${IMAGE}`]);
    expect(readdirSync(stage, { recursive: true }).map(String).sort()).toEqual(['content.json', 'uploads', `uploads/${IMAGE}`]);
  });
});
