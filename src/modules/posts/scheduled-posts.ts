// Scheduled posts are published at their time by a timer that checks twice a minute, and before
// any read that must not show a post late (the public reads, the rendered pages, the posts API):
// publishDue() is a comparison with the next publication time while nothing is due, so a machine
// that slept or a clock that jumped still shows the post at the first read after its time.
// Publishing is a posts write: the repository announces it on the content-changes signal (cause
// 'schedule'), and every cache drops what it kept. See docs/decisions.md,
// "Scheduled posts are published by a timer, and before any read that must not show them late".
import type { ContentChanges } from '../../content-changes';
import type { PostsRepository } from './repository';
import { unlessBusy } from '../../db/busy';

/** How often the timer looks: a post is public at most this late when nobody reads meanwhile. */
export const SCHEDULE_CHECK_MS = 30_000;

export class ScheduledPosts {
  /** The next publication time (null: none scheduled); undefined until looked up again after a posts change. */
  private next: number | null | undefined;
  /** Counts posts changes: a time looked up while one happened may be stale, and is not kept. */
  private postsChanges = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly posts: PostsRepository, changes: ContentChanges) {
    changes.listen((change) => {
      if (change.kind !== 'posts') return;
      this.postsChanges += 1;
      this.next = undefined;
    });
  }

  /** False when no post is due for sure (nothing to look up, no promise to wait for): the reads' fast way past publishDue. */
  mayBeDue(now: number = Date.now()): boolean {
    return this.next === undefined || (this.next !== null && this.next <= now);
  }

  /** Publishes every post whose time has come; answers their ids (none while nothing is due). */
  async publishDue(now: number = Date.now()): Promise<string[]> {
    let next = this.next;
    if (next === undefined) {
      const seen = this.postsChanges;
      next = await this.posts.nextPublicationTime();
      if (seen === this.postsChanges) this.next = next;
    }
    if (next === null || next > now) return [];
    // Left for the next check while a content import holds the database for writing (db/busy.ts).
    return unlessBusy(() => this.posts.publishDue(new Date(now).toISOString()), []);
  }

  /** Starts the timer; `onError` hears a check that failed (the next one tries again). */
  start(onError: (error: unknown) => void): void {
    this.stop();
    this.timer = setInterval(() => void this.publishDue().catch(onError), SCHEDULE_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
