// What a content bundle carries of posts, read a batch at a time however large the site: the
// visible posts with their authors, oldest first. PublicPosts answers them on the server's
// connection (after publishing the posts due); a content bundle's worker thread reads them on its
// own connection (content-bundles/bundle-worker.ts), the posts due already published by the server.
import type { PostsRepository } from './repository';
import type { Post } from './schema';

/** Every visible post with its author, oldest first, in batches of `size`. */
export async function* visibleInBatches(posts: PostsRepository, size = 500): AsyncGenerator<Post[]> {
  let after: { createdAt: string; rowid: number } | null = null;
  for (;;) {
    const batch = await posts.visibleBatch(after, size);
    if (batch.length === 0) return;
    yield batch.map((entry) => entry.post);
    const last = batch[batch.length - 1];
    after = { createdAt: last.createdAt, rowid: last.rowid };
  }
}

/** The visible ones of these posts, with their authors, oldest first. */
export async function someVisible(posts: PostsRepository, ids: string[]): Promise<Post[]> {
  const found: Post[] = [];
  for (let start = 0; start < ids.length; start += 500) found.push(...await posts.visibleByIds(ids.slice(start, start + 500)));
  return found.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
