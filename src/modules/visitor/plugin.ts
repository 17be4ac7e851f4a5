// One daily-digest store for the whole app (app.dailyDigests): the visitor count and post views
// share it. At start, and just after each UTC midnight, the previous day's salt and digests are
// deleted even when no visitor comes to trigger it.
import fp from 'fastify-plugin';
import { DailyDigests } from './daily-digests';

declare module 'fastify' {
  interface FastifyInstance {
    dailyDigests: DailyDigests;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from now to a moment just after the next UTC midnight. */
export function msUntilNextUtcDay(now: Date): number {
  return DAY_MS - (now.getTime() % DAY_MS) + 1_000;
}

export default fp(async (app) => {
  const digests = new DailyDigests(app.repositories.dailyDigests);
  app.decorate('dailyDigests', digests);
  await digests.rollOver();

  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      digests.rollOver().catch((error: unknown) => app.log.warn({ err: error }, 'daily digests: day change failed')).finally(schedule);
    }, msUntilNextUtcDay(new Date()));
    timer.unref();
  };
  schedule();
  app.addHook('onClose', async () => clearTimeout(timer));
}, { name: 'daily-digests', dependencies: ['repositories'] });
