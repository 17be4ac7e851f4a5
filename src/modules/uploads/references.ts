// Which stored uploads are still in use. Every column of every table that can hold an upload
// path is listed here, so deleting one record never removes a file another record shows.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const REFERENCED_PATHS = sql<{ path: string }>`
  SELECT image AS path FROM posts
  UNION SELECT pdf FROM posts
  UNION SELECT pictures.value FROM posts, json_each(posts.pictures) AS pictures
  UNION SELECT thumbnail FROM cities
  UNION SELECT country_map FROM cities
  UNION SELECT city_map FROM cities
  UNION SELECT city_map_add FROM cities
  UNION SELECT image FROM content
  UNION SELECT icon FROM emergency`;

export async function referencedUploadPaths(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await REFERENCED_PATHS.execute(db);
  return new Set(rows.map((row) => row.path).filter((path) => typeof path === 'string' && path !== ''));
}
