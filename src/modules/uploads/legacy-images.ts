// Images stored before uploads were re-encoded have no variants, and still carry whatever
// metadata they were sent with. After start, one at a time in the background, each is cleaned in
// place and given its variants. Until then a request for one of its variants is answered with the
// original image (never a 404), so pages can always list the variants in srcset.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { expectedVariantNames, upgradeStoredImage } from './images';
import { STORED_NAME, UPLOAD_URL_PREFIX } from './storage';

const IMAGE_NAME = /\.(webp|jpg|png|gif)$/;
const VARIANT_NAME = /^(.+)-\d+w\.webp$/;
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Stored images (not variants) that miss a variant and were written before `before`. */
export async function imagesWithoutVariants(uploadsDir: string, before: number): Promise<string[]> {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  const present = new Set(names);
  const found: string[] = [];
  for (const name of names) {
    if (!STORED_NAME.test(name) || !IMAGE_NAME.test(name) || VARIANT_NAME.test(name)) continue;
    if ((await expectedVariantNames(uploadsDir, name)).every((variant) => present.has(variant))) continue;
    // A file written since start is an upload in progress: its own request writes its variants.
    const stats = await stat(path.join(uploadsDir, name)).catch(() => null);
    if (stats && stats.mtimeMs < before) found.push(name);
  }
  return found;
}

/** Upgrades the older images one by one; stops when the app closes. Answers how many it did. */
export async function upgradeOlderImages(app: FastifyInstance, startedAt: number, isClosing: () => boolean): Promise<number> {
  const pending = await imagesWithoutVariants(app.config.uploadsDir, startedAt);
  let done = 0;
  for (const name of pending) {
    if (isClosing()) break;
    try {
      await upgradeStoredImage(app.config.uploadsDir, name);
      done += 1;
    } catch (error) {
      // An unreadable old file is left as it was; the rest go on.
      app.log.warn({ err: error, file: name }, 'could not upgrade an older image');
    }
  }
  if (done > 0) app.log.info({ count: done }, 'older images cleaned and given their variants');
  return done;
}

/** Starts the background upgrade after start-up; the app's close waits for the image in hand. */
export function scheduleOlderImagesUpgrade(app: FastifyInstance): void {
  const startedAt = Date.now();
  let closing = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = upgradeOlderImages(app, startedAt, () => closing).catch((error: unknown) => app.log.warn({ err: error }, 'older images upgrade failed'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}

/**
 * For a GET of a missing variant (/uploads/ab12-480w.webp) of an image not upgraded yet, sends
 * the original instead and answers true. Not cached: the real variant will exist soon.
 */
export async function sendOriginalForMissingVariant(uploadsDir: string, url: string, reply: FastifyReply): Promise<boolean> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return false;
  const name = url.slice(UPLOAD_URL_PREFIX.length).split('?', 1)[0];
  const base = STORED_NAME.test(name) ? VARIANT_NAME.exec(name)?.[1] : undefined;
  if (!base) return false;
  for (const extension of Object.keys(TYPES)) {
    const file = path.join(uploadsDir, `${base}.${extension}`);
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) continue;
    await reply.type(TYPES[extension]).header('Cache-Control', 'no-cache').send(createReadStream(file));
    return true;
  }
  return false;
}
