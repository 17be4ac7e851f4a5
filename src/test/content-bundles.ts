// Test helpers for content bundles: every public API answer of a site, the office's own data,
// exporting and importing through the API, and re-packing a bundle to tamper with it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { extractTarGz, TarGzWriter } from '../backup/tar';
import { CONTENT_TYPES } from '../modules/content/schema';
import { LANGUAGES, POST_TYPES } from '../modules/posts/schema';
import { multipart } from './upload-files';
import { bearer } from './helpers';
import { CONTENT_MEMBER, MANIFEST_MEMBER, SIGNATURE_MEMBER } from '../modules/content-bundles/format';
import { signBytes, type SigningKey } from '../modules/content-bundles/keys';

const SEARCHES = ['trafficking', 'الاتجار', 'victims', 'العراق', 'guide', 'labour'];

/**
 * Every public answer (status and body) of the site: each list page of each type and language,
 * searches, each post by id, the maps (list, by id, by name in two cases), emergency, contact,
 * each page text, and the sha256 of every upload they show. Listed posts are read with a staff
 * token so reading does not count a view (the answer is otherwise the public one); `extraPostIds`
 * (drafts, deleted posts) are read without one.
 */
export async function publicAnswers(app: FastifyInstance, staffToken: string, extraPostIds: string[] = []): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    answers[url] = `${response.statusCode} ${response.body}`;
    return response;
  };
  const postIds = new Set<string>();
  const uploads = new Set<string>();
  const collectUploads = (body: string) => { for (const match of body.matchAll(/\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]{2,5}/g)) uploads.add(match[0]); };

  const readPages = async (base: string) => {
    for (let page = 1; ; page += 1) {
      const response = await get(`${base}${base.includes('?') ? '&' : '?'}pageNumber=${page}`);
      const { posts, pages } = response.json<{ posts: Array<{ _id: string }>; pages: number }>();
      for (const post of posts) postIds.add(post._id);
      collectUploads(response.body);
      if (page >= pages) break;
    }
  };
  for (const type of POST_TYPES) for (const language of LANGUAGES) await readPages(`/api/posts/${encodeURIComponent(type)}/${language}`);
  for (const keyword of SEARCHES) await readPages(`/api/posts/s?keyword=${encodeURIComponent(keyword)}`);
  for (const id of [...postIds].sort()) collectUploads((await get(`/api/posts/${id}`, bearer(staffToken))).body);
  // Posts no list shows (drafts, deleted ones) are read as a visitor would: a staff token would see a draft.
  for (const id of extraPostIds.filter((extra) => !postIds.has(extra))) await get(`/api/posts/${id}`);

  const maps = await get('/api/maps');
  collectUploads(maps.body);
  for (const city of maps.json<Array<{ _id: string; name: string }>>()) {
    await get(`/api/maps/${city._id}`);
    await get(`/api/maps/m/${encodeURIComponent(city.name)}`);
    await get(`/api/maps/m/${encodeURIComponent(city.name.toLowerCase())}`);
  }
  for (const url of ['/api/emergency', '/api/emergency/Emergency', '/api/emergency/VOT', '/api/contact']) collectUploads((await get(url)).body);
  for (const type of CONTENT_TYPES) collectUploads((await get(`/api/content/${encodeURIComponent(type)}`)).body);
  for (const upload of [...uploads].sort()) {
    const response = await app.inject({ method: 'GET', url: upload });
    answers[upload] = `${response.statusCode} ${createHash('sha256').update(response.rawPayload).digest('hex')}`;
  }
  return answers;
}

/** What a bundle must never change at an office: votes, visits, events, users and settings. */
export function officeOwnData(app: FastifyInstance): Record<string, unknown> {
  const all = (sql: string) => app.sqlite.prepare(sql).all();
  return {
    ratings: all('SELECT * FROM ratings ORDER BY id'),
    visitors: all('SELECT * FROM visitor_days ORDER BY day'),
    events: all('SELECT * FROM event_counts ORDER BY day, name, path'),
    users: all('SELECT * FROM users ORDER BY id'),
    settings: all('SELECT * FROM settings ORDER BY key'),
  };
}

/** The office's state a refused bundle must leave alone, beyond the public answers. */
export function bundleState(app: FastifyInstance, uploadsDir: string): Record<string, unknown> {
  const all = (sql: string) => app.sqlite.prepare(sql).all();
  return {
    imports: all('SELECT * FROM content_bundle_imports ORDER BY bundle_id'),
    items: all('SELECT * FROM content_bundle_items ORDER BY source_key, kind, item_id'),
    audit: all("SELECT * FROM audit_log WHERE entity = 'content-bundle'"),
    uploads: readdirSync(uploadsDir).sort().map((name) => `${name} ${statSync(path.join(uploadsDir, name)).size}`),
  };
}

export async function exportVia(app: FastifyInstance, token: string, outFile: string, since?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/content-bundles/export', headers: bearer(token), payload: since ? { since } : {} });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/gzip');
  writeFileSync(outFile, response.rawPayload);
  return outFile;
}

export function importVia(app: FastifyInstance, token: string | null, data: Buffer | string, field = 'bundle') {
  const bytes = typeof data === 'string' ? readFileSync(data) : data;
  const { payload, headers } = multipart([{ field, filename: 'bundle.tar.gz', contentType: 'application/gzip', data: bytes }]);
  return app.inject({ method: 'POST', url: '/api/content-bundles/import', payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/**
 * Unpacks a bundle, lets `change` edit the members (name -> bytes, in archive order), and writes
 * them back as a new archive: for tampering tests.
 */
export async function repack(bundle: string, outFile: string, change: (members: Map<string, Buffer>) => void): Promise<string> {
  const dir = mkdtempSync(`${outFile}.unpacked-`);
  try {
    const names = await extractTarGz(bundle, dir);
    const members = new Map(names.map((name) => [name, readFileSync(path.join(dir, ...name.split('/')))]));
    change(members);
    const writer = new TarGzWriter(outFile);
    for (const [name, data] of members) await writer.addBuffer(name, data);
    await writer.finish();
    return outFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const MEMBERS = { content: CONTENT_MEMBER, manifest: MANIFEST_MEMBER, signature: SIGNATURE_MEMBER };

/** Recomputes the manifest's sizes and checksums for the members as they are now, and signs it with `key`. */
export function resign(members: Map<string, Buffer>, key: SigningKey): void {
  const manifest = JSON.parse(members.get(MANIFEST_MEMBER)!.toString('utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
  manifest.files = [...members.keys()].filter((name) => name !== MANIFEST_MEMBER && name !== SIGNATURE_MEMBER).map((name) => ({
    path: name, size: members.get(name)!.length, sha256: createHash('sha256').update(members.get(name)!).digest('hex'),
  }));
  const bytes = Buffer.from(JSON.stringify(manifest, null, 2));
  members.set(MANIFEST_MEMBER, bytes);
  members.set(SIGNATURE_MEMBER, Buffer.from(JSON.stringify({ algorithm: 'Ed25519', publicKey: key.publicKeyLine, signature: signBytes(bytes, key.privateKey) })));
}
