// Work done once at start, after migrations and before the server answers, and the timers
// that keep the data folder tidy while it runs.
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { scheduleDailyBackups } from './backup/daily';
import { scheduleOlderImagesUpgrade } from './modules/uploads/legacy-images';
import { sweepUnreferencedUploads } from './modules/uploads/sweep';
import { ensureFirstAdmin } from './modules/users/bootstrap';
import { seedDemoContent } from './seed/seed-demo';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  await mkdir(app.config.uploadsDir, { recursive: true });
  await ensureFirstAdmin(app.repositories.users, app.config, app.log);
  if (app.config.seedDemo) await seedDemoContent(app);
  scheduleUploadSweeps(app);
  scheduleOlderImagesUpgrade(app);
  scheduleDailyBackups(app);
}

/** Deleting a city or editing a post can leave files behind: sweep them at start and daily. */
function scheduleUploadSweeps(app: FastifyInstance): void {
  const sweep = () => sweepUnreferencedUploads(app).catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
  void sweep();
  const timer = setInterval(sweep, DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
