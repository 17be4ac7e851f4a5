// Writing and reading the bundle archive with the backup's tar code (src/backup/tar.ts). Reading
// checks everything before the caller may touch the site, in two passes over the archive:
//  1. without writing a byte: each member's size bound from its header (before its bytes are even
//     decompressed), the manifest and signature kept in memory, then the signature against the
//     trusted keys and every member against the manifest's list and sizes;
//  2. only then each member is written into the stage folder, never past its listed size, and its
//     sha256 checked, with that every upload is an image or PDF of the kind its name says.
// content.json is then read item by item where it is applied (content-reader.ts, bundle-worker.ts).
import { createHash } from 'node:crypto';
import { createReadStream, closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { isSafeMemberName, readTarGz, TarGzWriter, type ArchivedFile, type EntrySink, type TarEntry } from '../../backup/tar';
import { detectFileType, SIGNATURE_BYTES } from '../uploads/file-types';
import { fileOfPublicPath, publicPathOf, STORED_NAME } from '../uploads/storage';
import {
  BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, CONTENT_MEMBER, DEFAULT_BUNDLE_LIMITS, MANIFEST_MEMBER, ManifestSchema,
  SIGNATURE_MEMBER, SignatureSchema, UPLOADS_PREFIX, type BundleContent, type BundleLimits, type BundleManifest, type BundleSignature,
} from './format';
import { partsOf, writeContentFile, type WrittenContent } from './content-file';
import { signatureMatches, signBytes, type SigningKey } from './keys';
import { BundleRefusedError, bundleMessages, refused } from './messages';
import { eachConcurrently } from './pool';

/**
 * The manifest's and signature's checks, compiled by the first bundle read, not when the server
 * starts (docs/decisions.md, "Cold start: what could wait, measured").
 */
interface BundleChecks { manifest: ValidateFunction<BundleManifest>; signature: ValidateFunction<BundleSignature> }
let checks: BundleChecks | undefined;
function bundleChecks(): BundleChecks {
  if (!checks) {
    const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
    checks = {
      manifest: ajv.compile(ManifestSchema) as ValidateFunction<BundleManifest>,
      signature: ajv.compile(SignatureSchema) as ValidateFunction<BundleSignature>,
    };
  }
  return checks;
}

/** A bundle of this kind from a later version of the site: not damaged, but this site cannot read it yet. */
function isNewerFormat(manifest: unknown): boolean {
  const { format, formatVersion } = (manifest ?? {}) as { format?: unknown; formatVersion?: unknown };
  return format === BUNDLE_FORMAT && typeof formatVersion === 'number' && formatVersion > BUNDLE_FORMAT_VERSION;
}

function readHead(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SIGNATURE_BYTES);
    const read = readSync(fd, head, 0, SIGNATURE_BYTES, 0);
    return head.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** An upload a field office will accept: a generated name whose extension matches the file's bytes. */
function isAcceptableUpload(name: string, file: string, size: number, limits: BundleLimits): boolean {
  if (!STORED_NAME.test(name) || !isSafeMemberName(`${UPLOADS_PREFIX}${name}`) || size > limits.uploadBytes) return false;
  return detectFileType(readHead(file))?.extension === path.extname(name).slice(1);
}

export interface BundleToWrite {
  bundleId: string;
  baseBundleId: string | null;
  createdAt: string;
  sourceName: string;
  /** content.json already written (the export streams it), or small content held in memory. */
  content: WrittenContent | BundleContent;
  uploadsDir: string;
  signingKey: SigningKey;
  limits?: BundleLimits;
}

export interface WrittenBundle {
  file: string;
  manifest: BundleManifest;
  /** Paths the items show that could not be included (missing, or not an image or PDF). */
  missingFiles: string[];
}

/** Writes the signed archive under a temporary name and renames it when complete. */
export async function writeBundle(outFile: string, bundle: BundleToWrite): Promise<WrittenBundle> {
  const limits = bundle.limits ?? DEFAULT_BUNDLE_LIMITS;
  const partial = `${outFile}.partial`;
  const mtime = new Date(bundle.createdAt);
  const ownContentFile = 'file' in bundle.content ? null : `${outFile}.content.json`;
  const content = 'file' in bundle.content ? bundle.content : await writeContentFile(ownContentFile!, partsOf(bundle.content));
  const writer = new TarGzWriter(partial);
  try {
    const files: ArchivedFile[] = [];
    files.push(await writer.addFile(CONTENT_MEMBER, content.file, statSync(content.file).size, mtime));
    const missingFiles: string[] = [];
    for (const publicPath of content.uploads) {
      const file = fileOfPublicPath(bundle.uploadsDir, publicPath);
      const stats = file ? statSync(file, { throwIfNoEntry: false }) : undefined;
      if (!file || !stats?.isFile() || !isAcceptableUpload(path.basename(file), file, stats.size, limits)) {
        missingFiles.push(publicPath);
        continue;
      }
      files.push(await writer.addFile(`${UPLOADS_PREFIX}${path.basename(file)}`, file, stats.size, mtime));
    }
    const counts: Record<string, number> = { files: files.length - 1, ...content.counts };
    const manifest: BundleManifest = {
      format: BUNDLE_FORMAT,
      formatVersion: BUNDLE_FORMAT_VERSION,
      bundleId: bundle.bundleId,
      baseBundleId: bundle.baseBundleId,
      createdAt: bundle.createdAt,
      source: { name: bundle.sourceName },
      counts,
      files,
      missingFiles,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    const signature: BundleSignature = { algorithm: 'Ed25519', publicKey: bundle.signingKey.publicKeyLine, signature: signBytes(manifestBytes, bundle.signingKey.privateKey) };
    await writer.addBuffer(MANIFEST_MEMBER, manifestBytes, mtime);
    await writer.addBuffer(SIGNATURE_MEMBER, Buffer.from(JSON.stringify(signature, null, 2)), mtime);
    await writer.finish();
    renameSync(partial, outFile);
    return { file: outFile, manifest, missingFiles };
  } catch (error) {
    await writer.finish().catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    if (ownContentFile) rmSync(ownContentFile, { force: true });
  }
}

const CHECK_CONCURRENCY = 4;

/**
 * Checks one member the manifest lists, reading it once: its size and sha256, and for an upload its
 * name, its size bound and that its bytes are the type its extension says. Answers the upload, or
 * null for content.json.
 */
async function checkMember(file: ArchivedFile, stagedPath: string, limits: BundleLimits): Promise<StagedFile | null> {
  const isContent = file.path === CONTENT_MEMBER;
  const name = file.path.slice(UPLOADS_PREFIX.length);
  if (!isContent && (!file.path.startsWith(UPLOADS_PREFIX) || !STORED_NAME.test(name))) throw refused(400, bundleMessages.badUpload, 'bundle');
  const size = statSync(stagedPath).size;
  if (size !== file.size) throw refused(400, bundleMessages.checksumMismatch, 'bundle');
  if (size > (isContent ? limits.contentJsonBytes : limits.uploadBytes)) throw refused(400, isContent ? bundleMessages.badContent : bundleMessages.badUpload, 'bundle');
  // Hashed as it is read: content.json may be hundreds of megabytes.
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(stagedPath) as AsyncIterable<Buffer>) hash.update(chunk);
  if (hash.digest('hex') !== file.sha256) throw refused(400, bundleMessages.checksumMismatch, 'bundle');
  if (isContent) return null;
  if (detectFileType(readHead(stagedPath))?.extension !== path.extname(name).slice(1)) throw refused(400, bundleMessages.badUpload, 'bundle');
  return { stagedPath, name, size, sha256: file.sha256 };
}

export interface StagedFile {
  /** Where the checked copy waits in the stage folder. */
  stagedPath: string;
  name: string;
  size: number;
  sha256: string;
}

export interface VerifiedBundle {
  manifest: BundleManifest;
  /** content.json as checked against the manifest, in the stage folder: read item by item (content-reader.ts). */
  contentFile: string;
  /** The public key that signed it: the bundle's source. */
  sourceKey: string;
  /** Upload files by public path. */
  files: Map<string, StagedFile>;
}

/** The signature and manifest are read into memory, bounded; every other member is only counted. */
const SIGNATURE_MAX_BYTES = 4096;
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** A sink that keeps a member's bytes in memory. */
function collect(into: Buffer[]): EntrySink {
  return { write: (chunk) => { into.push(Buffer.from(chunk)); }, end: () => undefined };
}
const discard: EntrySink = { write: () => undefined, end: () => undefined };

/**
 * Pass 1: reads the archive without writing anything. A member whose header announces more than
 * its kind may hold, more members or more bytes in all than the limits, is refused at its header,
 * before its bytes are decompressed. Answers every member's header, the signature and the manifest.
 */
async function readSignedParts(archive: string, limits: BundleLimits): Promise<{ entries: TarEntry[]; signature: Buffer | null; manifest: Buffer | null }> {
  const signature: Buffer[] = [];
  const manifest: Buffer[] = [];
  let total = 0;
  let count = 0;
  const entries = await readTarGz(archive, (entry) => {
    count += 1;
    total += entry.size;
    if (count > limits.members || total > limits.unpackedBytes) throw refused(413, bundleMessages.tooLarge, 'bundle');
    if (entry.name === SIGNATURE_MEMBER) {
      if (entry.size > SIGNATURE_MAX_BYTES) throw refused(400, bundleMessages.unsigned, 'bundle');
      return collect(signature);
    }
    if (entry.name === MANIFEST_MEMBER) {
      if (entry.size > MANIFEST_MAX_BYTES) throw refused(400, bundleMessages.damaged, 'bundle');
      return collect(manifest);
    }
    const isContent = entry.name === CONTENT_MEMBER;
    if (entry.size > (isContent ? limits.contentJsonBytes : limits.uploadBytes)) {
      throw refused(400, isContent ? bundleMessages.badContent : bundleMessages.badUpload, 'bundle');
    }
    return discard;
  });
  const seen = new Set(entries.map((entry) => entry.name));
  return {
    entries,
    signature: seen.has(SIGNATURE_MEMBER) ? Buffer.concat(signature) : null,
    manifest: seen.has(MANIFEST_MEMBER) ? Buffer.concat(manifest) : null,
  };
}

function parseJson(bytes: Buffer, refusal: BundleRefusedError): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw refusal;
  }
}

/**
 * Pass 2: writes the listed members into stageDir, each only if its header says exactly the
 * listed size, and never a byte past it. Written asynchronously, a piece at a time: 270 MB of
 * content.json written synchronously held the event loop whenever the disk fell behind.
 */
async function extractListed(archive: string, stageDir: string, sizes: ReadonlyMap<string, number>): Promise<void> {
  const opened = new Set<FileHandle>();
  const opening: Array<Promise<unknown>> = [];
  try {
    await readTarGz(archive, (entry) => {
      if (entry.name === MANIFEST_MEMBER || entry.name === SIGNATURE_MEMBER) return discard;
      if (sizes.get(entry.name) !== entry.size) throw refused(400, bundleMessages.checksumMismatch, 'bundle');
      const target = path.join(stageDir, ...entry.name.split('/'));
      mkdirSync(path.dirname(target), { recursive: true });
      const file = open(target, 'wx').then((handle) => { opened.add(handle); return handle; });
      opening.push(file.catch(() => undefined));
      let written = 0;
      return {
        write: async (chunk) => {
          const at = written;
          written += chunk.length;
          if (written > entry.size) throw refused(400, bundleMessages.checksumMismatch, 'bundle');
          const handle = await file;
          for (let done = 0; done < chunk.length;) done += (await handle.write(chunk, done, chunk.length - done, at + done)).bytesWritten;
        },
        end: async () => {
          const handle = await file;
          opened.delete(handle);
          await handle.close();
        },
      };
    });
  } finally {
    // A damaged archive can stop in the middle of a member: its file is closed all the same.
    await Promise.all(opening);
    await Promise.all([...opened].map((handle) => handle.close()));
  }
}

/**
 * Checks the archive and unpacks it into the empty stageDir; throws BundleRefusedError (bilingual)
 * when anything is wrong. Nothing is written before the signature and the manifest's list and sizes
 * are checked, and nothing outside stageDir at all.
 */
export async function readVerifiedBundle(archive: string, stageDir: string, trustedKeys: ReadonlySet<string>, limits: BundleLimits = DEFAULT_BUNDLE_LIMITS): Promise<VerifiedBundle> {
  if (statSync(archive).size > limits.archiveBytes) throw refused(413, bundleMessages.tooLarge, 'bundle');
  const damaged = refused(400, bundleMessages.damaged, 'bundle');
  const inArchive = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof BundleRefusedError) throw error;
      throw damaged;
    }
  };
  const { entries, signature: signatureBytes, manifest: manifestBytes } = await inArchive(() => readSignedParts(archive, limits));
  if (!signatureBytes) throw refused(400, bundleMessages.unsigned, 'bundle');
  if (!manifestBytes) throw damaged;

  const signature = parseJson(signatureBytes, refused(400, bundleMessages.unsigned, 'bundle'));
  if (!bundleChecks().signature(signature)) throw refused(400, bundleMessages.unsigned, 'bundle');
  if (!trustedKeys.has(signature.publicKey)) throw refused(400, bundleMessages.untrustedKey, 'bundle');
  if (!signatureMatches(manifestBytes, signature.signature, signature.publicKey)) throw refused(400, bundleMessages.badSignature, 'bundle');

  // Signed by a trusted key from here on: still checked, as a damaged or buggy bundle must not half-apply.
  const manifest = parseJson(manifestBytes, damaged);
  if (isNewerFormat(manifest)) throw refused(400, bundleMessages.newerFormat, 'bundle');
  if (!bundleChecks().manifest(manifest)) throw damaged;
  const sizes = new Map(manifest.files.map((file) => [file.path, file.size]));
  if (sizes.size !== manifest.files.length || !sizes.has(CONTENT_MEMBER)) throw damaged;
  const present = new Map(entries.map((entry) => [entry.name, entry.size]));
  for (const [member, size] of present) {
    if (member === MANIFEST_MEMBER || member === SIGNATURE_MEMBER) continue;
    if (!sizes.has(member)) throw refused(400, bundleMessages.unlistedMember, 'bundle');
    if (sizes.get(member) !== size) throw refused(400, bundleMessages.checksumMismatch, 'bundle');
  }
  for (const file of manifest.files) if (!present.has(file.path)) throw damaged;

  await inArchive(() => extractListed(archive, stageDir, sizes));
  const staged = (member: string) => path.join(stageDir, ...member.split('/'));
  const files = new Map<string, StagedFile>();
  await eachConcurrently(manifest.files, CHECK_CONCURRENCY, async (file) => {
    const checked = await checkMember(file, staged(file.path), limits);
    if (checked) files.set(publicPathOf(checked.name), checked);
  });
  return { manifest, contentFile: staged(CONTENT_MEMBER), sourceKey: signature.publicKey, files };
}
