// The posts' services, one of each per app: the schedule that publishes posts at their time
// (app.scheduledPosts) and the one answer to what visitors may see (app.publicPosts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentChanges } from '../../content-changes';
import type { UploadWidths } from '../uploads/widths';
import { PublicPosts } from './public-posts';
import type { PostsRepository } from './repository';
import { ScheduledPosts } from './scheduled-posts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledPosts: ScheduledPosts;
    publicPosts: PublicPosts;
  }
}

/** The services over one posts repository (the command line builds them too, without the timer). */
export function postServices(posts: PostsRepository, changes: ContentChanges, widths: UploadWidths): { scheduledPosts: ScheduledPosts; publicPosts: PublicPosts } {
  const scheduledPosts = new ScheduledPosts(posts, changes);
  return { scheduledPosts, publicPosts: new PublicPosts(posts, scheduledPosts, changes, widths) };
}

export default fp(async (app: FastifyInstance) => {
  const { scheduledPosts, publicPosts } = postServices(app.repositories.posts, app.contentChanges, app.uploadWidths);
  app.decorate('scheduledPosts', scheduledPosts);
  app.decorate('publicPosts', publicPosts);
  scheduledPosts.start((error) => app.log.warn({ err: error }, 'publishing scheduled posts failed'));
  app.addHook('onClose', async () => scheduledPosts.stop());
}, { name: 'posts-services', dependencies: ['repositories', 'upload-widths'] });
