// Applies a bundle's content.json to the office's database, read item by item (content-reader.ts)
// twice: checkContent reads it whole once outside any transaction (every item's schema, ids and
// city names unique, the uploads it shows), noting ids in TEMP tables of this connection, never
// in memory; applyContent then reads it again inside the caller's one write transaction and
// writes through each content module's record store (stores.ts). Both run in the import's worker
// thread (bundle-worker.ts) on a connection of its own.
// Rules:
// - items are created or replaced under the source's own ids (upsert); identical items are left alone;
// - an item the office made itself is never changed or deleted, even when a bundle carries its id
//   (an item is the office's own when it exists here and no source ever brought it; page texts,
//   one per type, are the exception: headquarters' text of a type is the text of that type);
// - an incremental bundle deletes what its tombstones name, a full bundle what the same source
//   brought before and no longer has; neither ever deletes the office's own content;
// - a post the office keeps as a draft is never touched, whatever the bundle says;
// - a city of the bundle takes the place of an office city with the same name (names are unique);
// - a new post arrives with headquarters' view count, an updated one keeps the office's own;
// - translation links are set once every post is in, only between published posts of the same
//   source; a link the office made to a post of its own (or to a draft it keeps) stays as it is.
import type SQLite from 'better-sqlite3';
import type { ApplyTarget } from './apply-target';
import { readContent, type ContentVisitor } from './content-reader';
import { BUNDLE_KINDS, filesOfItem, itemIdOf, PARKED_CITY_PREFIX, type BundleKind, type CityItem, type PostItem, type Tombstone } from './format';
import { bundleMessages, refused } from './messages';
import { sameContent } from './snapshot';
import { applyTranslations } from './translations';
import { deleteItem, localItem, writeItem, type AnyItem } from './stores';


export interface KindChanges {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

export interface AppliedChanges {
  changes: Record<BundleKind, KindChanges>;
  /** Posts the bundle would have changed or removed, kept because the office holds them as drafts. */
  keptDrafts: number;
  /** Items the bundle carried under the id of an item the office made itself, left as the office has them. */
  keptOwn: number;
  /** Office cities removed because a bundle city has their name. */
  replacedCities: string[];
  /** Upload paths that records showed before and may no longer show (removed if nothing else does). */
  previousFiles: string[];
  /** The items added, changed or removed, by kind: what visitors see differently now. */
  changedIds: Record<BundleKind, string[]>;
}

/** What the first reading found: every upload path the items show, once each, sorted. */
export interface CheckedContent {
  uploads: string[];
}

// What the first reading notes, on the worker's connection only (TEMP: never in the site's file).
const TEMP_TABLES = `
  DROP TABLE IF EXISTS temp.bundle_items; DROP TABLE IF EXISTS temp.bundle_city_names; DROP TABLE IF EXISTS temp.bundle_posts;
  DROP TABLE IF EXISTS temp.bundle_tombstones; DROP TABLE IF EXISTS temp.bundle_uploads;
  CREATE TEMP TABLE bundle_items (kind TEXT NOT NULL, item_id TEXT NOT NULL, PRIMARY KEY (kind, item_id)) WITHOUT ROWID;
  -- NOCASE folds ASCII letters only, as the cities table's unique index does.
  CREATE TEMP TABLE bundle_city_names (name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY, city_id TEXT NOT NULL) WITHOUT ROWID;
  -- wanted: the link applyTranslations sets (null: none); before: the link it found.
  CREATE TEMP TABLE bundle_posts (id TEXT PRIMARY KEY, language TEXT NOT NULL, translation_of TEXT, unchanged INTEGER NOT NULL DEFAULT 0,
    considered INTEGER NOT NULL DEFAULT 0, wanted TEXT, before TEXT) WITHOUT ROWID;
  CREATE TEMP TABLE bundle_tombstones (kind TEXT NOT NULL, item_id TEXT NOT NULL);
  CREATE TEMP TABLE bundle_uploads (path TEXT PRIMARY KEY) WITHOUT ROWID;`;

const SQL = {
  noteItem: 'INSERT INTO temp.bundle_items (kind, item_id) VALUES (?, ?)',
  noteCity: 'INSERT INTO temp.bundle_city_names (name, city_id) VALUES (?, ?)',
  notePost: 'INSERT INTO temp.bundle_posts (id, language, translation_of) VALUES (?, ?, ?)',
  noteTombstone: 'INSERT INTO temp.bundle_tombstones (kind, item_id) VALUES (?, ?)',
  noteUpload: 'INSERT OR IGNORE INTO temp.bundle_uploads (path) VALUES (?)',
  uploads: 'SELECT path FROM temp.bundle_uploads ORDER BY path',
  // A full bundle removes what the source brought and no longer has (one index step an item).
  goneFromSource: `SELECT kind, item_id AS id FROM content_bundle_items i WHERE source_key = ?
    AND NOT EXISTS (SELECT 1 FROM temp.bundle_items b WHERE b.kind = i.kind AND b.item_id = i.item_id)`,
  tombstones: 'SELECT kind, item_id AS id FROM temp.bundle_tombstones',
  cities: 'SELECT city_id AS id, name FROM temp.bundle_city_names',
  markUnchanged: 'UPDATE temp.bundle_posts SET unchanged = 1 WHERE id = ?',
} as const;

function noIds(): Record<BundleKind, string[]> {
  return Object.fromEntries(BUNDLE_KINDS.map((kind) => [kind, []])) as unknown as Record<BundleKind, string[]>;
}

function noChanges(): Record<BundleKind, KindChanges> {
  return Object.fromEntries(BUNDLE_KINDS.map((kind) => [kind, { added: 0, updated: 0, deleted: 0, unchanged: 0 }])) as Record<BundleKind, KindChanges>;
}

function isConstraintError(error: unknown): boolean {
  return typeof (error as { code?: unknown }).code === 'string' && (error as { code: string }).code.startsWith('SQLITE_CONSTRAINT');
}

/**
 * The first reading: every item checked (its schema, an id once per kind, city names unique
 * without case, one alt text per picture, no post its own translation), the uploads noted.
 * Throws BundleRefusedError; writes nothing but this connection's TEMP tables.
 */
export function checkContent(sqlite: SQLite.Database, contentFile: string): CheckedContent {
  sqlite.exec(TEMP_TABLES);
  // Prepared once: a statement compiled per item keeps its native memory until the collector runs.
  const prepared = new Map<string, SQLite.Statement>();
  const run = (text: string, ...values: unknown[]) => {
    let statement = prepared.get(text);
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text)));
    try {
      statement.run(...values);
    } catch (error) {
      if (isConstraintError(error)) throw badContent();
      throw error;
    }
  };
  const noteUpload = sqlite.prepare(SQL.noteUpload);
  const badContent = () => refused(400, bundleMessages.badContent, 'bundle');
  const visitor: ContentVisitor = {
    item(kind, item) {
      run(SQL.noteItem, kind, itemIdOf(kind, item as { id?: string; type?: string }));
      if (kind === 'posts') {
        const post = item as PostItem;
        // One alt text per picture, and a post is never its own translation (the office's table refuses both).
        if (post.picturesAlt.length !== post.pictures.length || post.translationOf === post.id) throw badContent();
        run(SQL.notePost, post.id, post.language, post.translationOf);
      }
      if (kind === 'cities') {
        const city = item as CityItem;
        if (city.name.trim() === '' || city.name.startsWith(PARKED_CITY_PREFIX)) throw badContent();
        run(SQL.noteCity, city.name, city.id);
      }
      for (const file of filesOfItem(kind, item)) if (file !== '') noteUpload.run(file);
    },
    tombstone(stone: Tombstone) {
      run(SQL.noteTombstone, stone.kind, stone.id);
    },
  };
  // One transaction for the TEMP notes: a commit per item would cost a journal write each.
  sqlite.transaction(() => readContent(contentFile, visitor))();
  return { uploads: (sqlite.prepare(SQL.uploads).pluck().all() as string[]) };
}

/**
 * The second reading, inside the caller's transaction, after checkContent on the same connection.
 * Rules:
 * - items are created or replaced under the source's own ids (upsert); identical items are left alone;
 * - an item the office made itself is never changed or deleted, even when a bundle carries its id
 *   (an item is the office's own when it exists here and no source ever brought it; page texts,
 *   one per type, are the exception: headquarters' text of a type is the text of that type);
 * - an incremental bundle deletes what its tombstones name, a full bundle what the same source
 *   brought before and no longer has; neither ever deletes the office's own content;
 * - a post the office keeps as a draft is never touched, whatever the bundle says;
 * - a city of the bundle takes the place of an office city with the same name (names are unique);
 * - a new post arrives with headquarters' view count, an updated one keeps the office's own;
 * - translation links are set once every post is in, only between published posts of the same
 *   source; a link the office made to a post of its own (or to a draft it keeps) stays as it is.
 */
export function applyContent(target: ApplyTarget, contentFile: string, sourceKey: string, full: boolean): AppliedChanges {
  const { sqlite, bundles, records } = target;
  const result: AppliedChanges = { changes: noChanges(), keptDrafts: 0, keptOwn: 0, replacedCities: [], previousFiles: [], changedIds: noIds() };
  // Asked of each item before it is written: removals and renamed cities never touch a bundle's own items.
  const officeOwn = (kind: BundleKind, id: string) => kind !== 'pages' && localItem(records, kind, id) !== undefined && !bundles.broughtByAnySource(kind, id);
  const removals = full
    ? sqlite.prepare(SQL.goneFromSource).all(sourceKey) as Array<{ kind: BundleKind; id: string }>
    : (sqlite.prepare(SQL.tombstones).all() as Array<{ kind: BundleKind; id: string }>).filter((stone) => bundles.broughtBy(sourceKey, stone.kind, stone.id));

  for (const { kind, id } of removals) {
    const local = localItem(records, kind, id);
    if (local?.draft) { result.keptDrafts += 1; continue; }
    bundles.forgetItem(kind, id);
    if (!local) continue;
    deleteItem(records, kind, id);
    result.previousFiles.push(...filesOfItem(kind, local.item));
    result.changes[kind].deleted += 1;
    result.changedIds[kind].push(id);
  }

  const cities = sqlite.prepare(SQL.cities).all() as Array<{ id: string; name: string }>;
  freeCityNames(target, cities.filter((city) => !officeOwn('cities', city.id)), result);

  const markUnchanged = sqlite.prepare(SQL.markUnchanged);
  readContent(contentFile, {
    item(kind: BundleKind, item: AnyItem) {
      const id = itemIdOf(kind, item as { id?: string; type?: string });
      // Never remembered as brought either: a later full bundle without it deletes nothing.
      if (officeOwn(kind, id)) { result.keptOwn += 1; return; }
      const local = localItem(records, kind, id);
      bundles.rememberItem(sourceKey, kind, id);
      if (local?.draft) { result.keptDrafts += 1; return; }
      if (local && sameContent(local.item, item)) {
        result.changes[kind].unchanged += 1;
        if (kind === 'posts') markUnchanged.run(id);
        return;
      }
      writeItem(records, kind, item, !!local);
      result.changedIds[kind].push(id);
      if (local) {
        const kept = new Set(filesOfItem(kind, item));
        result.previousFiles.push(...filesOfItem(kind, local.item).filter((file) => !kept.has(file)));
        result.changes[kind].updated += 1;
      } else {
        result.changes[kind].added += 1;
      }
    },
    tombstone() { /* read by the first reading */ },
  });
  // A post whose only change is its link counts as updated.
  for (const id of applyTranslations(target, sourceKey)) {
    result.changedIds.posts.push(id);
    result.changes.posts.unchanged -= 1;
    result.changes.posts.updated += 1;
  }
  result.previousFiles = [...new Set(result.previousFiles)].filter((file) => file !== '');
  return result;
}

/**
 * City names are unique (without case). Bundle cities that change name first step aside, so two
 * cities may swap names; then an office city holding a name the bundle needs is removed.
 */
function freeCityNames({ bundles, records }: ApplyTarget, cities: Array<{ id: string; name: string }>, result: AppliedChanges): void {
  // Not a NUL character: NOCASE stops comparing at one, so every parked name would collide.
  for (const city of cities) {
    const local = records.cities.find(city.id);
    if (local && local.name !== city.name) records.cities.rename(city.id, `${PARKED_CITY_PREFIX}${city.id}`);
  }
  const bundleIds = new Set(cities.map((city) => city.id));
  for (const city of cities) {
    const holder = records.cities.idNamed(city.name);
    if (!holder || holder === city.id || bundleIds.has(holder)) continue;
    const local = localItem(records, 'cities', holder);
    bundles.forgetItem('cities', holder);
    deleteItem(records, 'cities', holder);
    if (local) {
      result.previousFiles.push(...filesOfItem('cities', local.item));
      result.replacedCities.push((local.item as CityItem).name);
    }
    result.changes.cities.deleted += 1;
    result.changedIds.cities.push(holder);
  }
}
