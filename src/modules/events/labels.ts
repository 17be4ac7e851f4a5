// Names for the pages of the visits report: a post's title for /p/{id}, a city's name for
// /maps/{name}, a fixed page's title in the reader's language. Another author's unpublished post
// stays unnamed for an author, as it is elsewhere.
import type { Language } from '@shared/domain';
import type { CurrentUser } from '../../plugins/auth';
import type { CitiesRepository } from '../maps/repository';
import type { PostsRepository } from '../posts/repository';
import { fixedPageTitle } from './page-titles';

const POST_PATH = /^\/p\/([A-Za-z0-9_-]{1,64})$/;
const CITY_PATH = /^\/maps\/(.{1,100})$/;

export async function pageLabels(
  { posts, cities }: { posts: PostsRepository; cities: CitiesRepository }, paths: string[], viewer: CurrentUser, language: Language,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const path of paths) {
    const title = fixedPageTitle(path, language);
    if (title) labels.set(path, title);
  }
  const postIds = new Map<string, string>();
  for (const path of paths) {
    const id = POST_PATH.exec(path)?.[1];
    if (id) postIds.set(id, path);
  }
  for (const post of await posts.titlesOf([...postIds.keys()])) {
    if (post.state === 'published' || viewer.isAdmin || post.authorId === viewer.id) labels.set(postIds.get(post.id)!, post.title);
  }
  for (const path of paths) {
    const name = CITY_PATH.exec(path)?.[1];
    if (!name) continue;
    const city = await cities.findByName(name);
    if (city) labels.set(path, city.name);
  }
  return labels;
}
