import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { sweepUnreferencedUploads } from './sweep';

let ctx: TestContext;
const HOUR = 60 * 60 * 1000;

/** Writes a file into the uploads folder with a chosen age. */
function place(name: string, ageMs: number): string {
  const file = path.join(ctx.config.uploadsDir, name);
  writeFileSync(file, 'x');
  const time = (Date.now() - ageMs) / 1000;
  utimesSync(file, time, time);
  return file;
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.cleanup());

describe('sweepUnreferencedUploads', () => {
  it('removes old unreferenced files and stale temp files; keeps referenced, fresh and foreign ones', async () => {
    const hex = (c: string) => c.repeat(24);
    const orphan = place(`${hex('a')}.png`, 48 * HOUR);
    const fresh = place(`${hex('b')}.png`, HOUR);
    const postImage = place(`${hex('c')}.jpg`, 48 * HOUR);
    const postPicture = place(`${hex('d')}.webp`, 48 * HOUR);
    const postPdf = place(`${hex('e')}.pdf`, 48 * HOUR);
    const staleTemp = place('.upload-0123456789abcdef01234567', 48 * HOUR);
    const freshTemp = place('.upload-fedcba9876543210fedcba98', 1000);
    const foreign = place('operator logo.png', 48 * HOUR);
    const cityThumb = place(`${hex('f')}.png`, 48 * HOUR);
    const emergencyIcon = place(`${hex('9')}.gif`, 48 * HOUR);
    const contentImage = place(`${hex('8')}.png`, 48 * HOUR);

    await ctx.app.repositories.posts.create({
      title: 't', describtion: 'd', language: 'en', type: 'Guide', state: 'draft',
      image: `/uploads/${hex('c')}.jpg`, pictures: [`/uploads/${hex('d')}.webp`], pdf: `/uploads/${hex('e')}.pdf`,
    }, null);
    const now = new Date().toISOString();
    ctx.app.sqlite.prepare('INSERT INTO cities (id, name, thumbnail, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run('c1', 'Basra', `/uploads/${hex('f')}.png`, now, now);
    ctx.app.sqlite.prepare("INSERT INTO emergency (id, type, value, name_en, name_ar, icon, created_at) VALUES ('e1', 'VOT', '533', 'Hotline', 'الخط الساخن', ?, ?)").run(`/uploads/${hex('9')}.gif`, now);
    ctx.app.sqlite.prepare("INSERT INTO content (type, content_en, content_ar, image, updated_at) VALUES ('About', 'a', 'ب', ?, ?)").run(`/uploads/${hex('8')}.png`, now);

    const removed = await sweepUnreferencedUploads(ctx.app, { olderThanMs: 24 * HOUR });
    expect(removed.sort()).toEqual([`/uploads/${hex('a')}.png`, '.upload-0123456789abcdef01234567'].sort());
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(staleTemp)).toBe(false);
    for (const kept of [fresh, postImage, postPicture, postPdf, freshTemp, foreign, cityThumb, emergencyIcon, contentImage]) expect(existsSync(kept)).toBe(true);
  });

  it('uses 24 hours by default, and a shorter age when asked', async () => {
    const name = `${'7'.repeat(24)}.png`;
    const file = place(name, 2 * HOUR);
    expect(await sweepUnreferencedUploads(ctx.app)).not.toContain(`/uploads/${name}`);
    expect(existsSync(file)).toBe(true);
    expect(await sweepUnreferencedUploads(ctx.app, { olderThanMs: HOUR })).toContain(`/uploads/${name}`);
    expect(existsSync(file)).toBe(false);
  });

  it('does nothing when the uploads folder is missing', async () => {
    rmSync(ctx.config.uploadsDir, { recursive: true, force: true });
    expect(await sweepUnreferencedUploads(ctx.app)).toEqual([]);
    mkdirSync(ctx.config.uploadsDir);
  });
});
