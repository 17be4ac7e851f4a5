// The only SQL of content bundles and office figures. Items are read and written in the bundle's
// own shape (src/content-bundles/format.ts), with the same columns the posts, content, maps,
// emergency and contact repositories use. Statements are synchronous (better-sqlite3) and run
// inside one Kysely transaction: the whole apply happens in one turn of the event loop, so no
// request ever reads half of an import, and a failure rolls every statement back.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { PARKED_CITY_PREFIX, type BundleContent, type BundleKind, type CityItem, type ContactItem, type EmergencyItem, type PageItem, type PostItem } from '../../content-bundles/format';
import type { Database } from '../../db/schema';
import type { EventName } from '../events/schema';
import { normalizeForSearch } from '../posts/normalize';

export type AnyItem = PostItem | PageItem | CityItem | EmergencyItem | ContactItem;

export interface LocalItem {
  item: AnyItem;
  /** A post this office keeps as a draft: bundles leave it alone. */
  draft: boolean;
}

export interface PostLink {
  state: string;
  language: string;
  translationOf: string | null;
}

export interface ExportRecord {
  bundleId: string;
  baseBundleId: string | null;
  createdAt: string;
  sourceKey: string;
  /** JSON: the fingerprints of every item the bundle described (see snapshot.ts). */
  snapshot: string;
  counts: Record<string, number>;
}

export interface ImportRecord {
  bundleId: string;
  sourceKey: string;
  sourceName: string;
  baseBundleId: string | null;
  createdAt: string;
  appliedAt: string;
  report: unknown;
}

export interface BundleSettings {
  trustedKeys: string[];
  officeName: string | null;
}

export interface DayCount { day: string; count: number }
export interface EventDayCount { day: string; name: EventName; path: string; count: number }
export interface RatingDayCount { day: string; scope: 'website' | 'service'; rate: number; count: number }

export interface LocalFigures {
  visitors: DayCount[];
  events: EventDayCount[];
  ratings: RatingDayCount[];
}

export interface StatsImportRecord {
  exportId: string;
  officeKey: string;
  officeName: string;
  createdAt: string;
  importedAt: string;
  fromDay: string;
  toDay: string;
}

export interface OfficeSummary {
  office: string;
  lastExportId: string;
  lastExportAt: string;
  importedAt: string;
  fromDay: string;
  toDay: string;
  visitors: number;
  pageviews: number;
  contactClicks: number;
  ratings: { website: { votes: number; average: number }; service: { votes: number; average: number } };
}

// Settings rows outside the public settings list (GET /api/settings never shows them).
const TRUSTED_KEYS_SETTING = 'contentBundles.trustedKeys';
const OFFICE_NAME_SETTING = 'contentBundles.officeName';


interface PostRow {
  id: string; title: string; description: string; image: string; image_alt: string | null; pictures: string; pictures_alt: string; video: string;
  language: 'en' | 'ar'; type: PostItem['type']; pdf: string; state: string; views: number;
  author: string | null; author_name: string | null; created_at: string; updated_at: string; translation_of: string | null;
}
interface CityRow {
  id: string; name: string; thumbnail: string; country_map: string; city_map: string; city_map_add: string; created_at: string; updated_at: string;
  thumbnail_alt_en: string | null; thumbnail_alt_ar: string | null; country_map_alt_en: string | null; country_map_alt_ar: string | null;
  city_map_alt_en: string | null; city_map_alt_ar: string | null; city_map_add_alt_en: string | null; city_map_add_alt_ar: string | null;
}
interface BranchRow { city_id: string; address: string; phone: string; email: string; lat: number | null; lng: number | null }

// The link names the counterpart only while it is published: a draft never travels, so neither does a link to it.
const POST_SELECT = `SELECT p.id, p.title, p.description, p.image, p.image_alt, p.pictures, p.pictures_alt, p.video, p.language, p.type, p.pdf, p.state, p.views,
  coalesce(p.author_id, p.bundle_author_id) AS author, coalesce(u.name, p.bundle_author_name) AS author_name, p.created_at, p.updated_at,
  CASE WHEN t.state = 'published' THEN p.translation_of END AS translation_of
  FROM posts p LEFT JOIN users u ON u.id = p.author_id LEFT JOIN posts t ON t.id = p.translation_of`;

function postItemOf(row: PostRow): PostItem {
  const pictures = JSON.parse(row.pictures) as string[];
  const picturesAlt = JSON.parse(row.pictures_alt) as Array<string | null>;
  return {
    id: row.id, title: row.title, description: row.description, image: row.image, imageAlt: row.image_alt,
    pictures, picturesAlt: pictures.map((_, index) => picturesAlt[index] ?? null), video: row.video, language: row.language, type: row.type,
    pdf: row.pdf, views: row.views, authorId: row.author, authorName: row.author_name,
    createdAt: row.created_at, updatedAt: row.updated_at, translationOf: row.translation_of,
  };
}

function cityItemOf(row: CityRow, branches: BranchRow[]): CityItem {
  return {
    id: row.id, name: row.name, thumbnail: row.thumbnail, countryMap: row.country_map, cityMap: row.city_map,
    cityMapAdd: row.city_map_add,
    thumbnailAltEn: row.thumbnail_alt_en, thumbnailAltAr: row.thumbnail_alt_ar,
    countryMapAltEn: row.country_map_alt_en, countryMapAltAr: row.country_map_alt_ar,
    cityMapAltEn: row.city_map_alt_en, cityMapAltAr: row.city_map_alt_ar,
    cityMapAddAltEn: row.city_map_add_alt_en, cityMapAddAltAr: row.city_map_add_alt_ar,
    branches: branches.map((b) => ({ address: b.address, phone: b.phone, email: b.email, lat: b.lat, lng: b.lng })),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const CITY_ALT_COLUMNS = ['thumbnail_alt_en', 'thumbnail_alt_ar', 'country_map_alt_en', 'country_map_alt_ar', 'city_map_alt_en', 'city_map_alt_ar',
  'city_map_add_alt_en', 'city_map_add_alt_ar'] as const;

/** The city's alt texts in the order of CITY_ALT_COLUMNS. */
function cityAltsOf(city: CityItem): Array<string | null> {
  return [city.thumbnailAltEn, city.thumbnailAltAr, city.countryMapAltEn, city.countryMapAltAr, city.cityMapAltEn, city.cityMapAltAr,
    city.cityMapAddAltEn, city.cityMapAddAltAr];
}

const PAGE_SELECT = `SELECT type, content_en AS contentEn, content_ar AS contentAr, image, image_alt_en AS imageAltEn, image_alt_ar AS imageAltAr,
  updated_at AS updatedAt FROM content`;
const EMERGENCY_SELECT = 'SELECT id, type, value, name_en AS nameEn, name_ar AS nameAr, icon, created_at AS createdAt FROM emergency';
const CONTACT_SELECT = 'SELECT id, type, value, created_at AS createdAt FROM contacts';

export class ContentBundleRepository {
  private readonly statements = new Map<string, SQLite.Statement>();

  /** db and sqlite must be the same connection (openDatabase gives both). */
  constructor(private readonly db: Kysely<Database>, private readonly sqlite: SQLite.Database) {}

  private statement(text: string): SQLite.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.sqlite.prepare(text)));
    return statement;
  }

  private all<T>(text: string, ...params: unknown[]): T[] {
    return this.statement(text).all(...params) as T[];
  }

  private one<T>(text: string, ...params: unknown[]): T | undefined {
    return this.statement(text).get(...params) as T | undefined;
  }

  private run(text: string, ...params: unknown[]): number {
    return this.statement(text).run(...params).changes;
  }

  /**
   * Runs `work` (synchronous statements of this repository) inside one transaction, queued behind
   * any Kysely transaction in progress on the connection. Reads see one consistent state; writes
   * commit together or not at all.
   */
  async transaction<T>(work: () => T): Promise<T> {
    return this.db.transaction().execute(async () => work());
  }

  // ---- headquarters: what a bundle describes ----

  /** Every published post, page text, city with branches, emergency and contact entry, oldest first. */
  publishedContent(): Omit<BundleContent, 'tombstones'> {
    const branches = this.all<BranchRow>('SELECT city_id, address, phone, email, lat, lng FROM branches ORDER BY city_id, position');
    const byCity = new Map<string, BranchRow[]>();
    for (const branch of branches) byCity.set(branch.city_id, [...(byCity.get(branch.city_id) ?? []), branch]);
    return {
      // Oldest first, then by rowid: inserted in this order, ties in the public lists sort as at headquarters.
      posts: this.all<PostRow>(`${POST_SELECT} WHERE p.state = 'published' ORDER BY p.created_at, p.rowid`).map(postItemOf),
      pages: this.all<PageItem>(`${PAGE_SELECT} ORDER BY type`),
      cities: this.all<CityRow>('SELECT * FROM cities ORDER BY created_at, rowid').map((row) => cityItemOf(row, byCity.get(row.id) ?? [])),
      emergency: this.all<EmergencyItem>(`${EMERGENCY_SELECT} ORDER BY created_at, rowid`),
      contacts: this.all<ContactItem>(`${CONTACT_SELECT} ORDER BY created_at, rowid`),
    };
  }

  findExport(bundleId: string): ExportRecord | undefined {
    const row = this.one<{ bundle_id: string; base_bundle_id: string | null; created_at: string; source_key: string; snapshot: string; counts: string }>(
      'SELECT * FROM content_bundle_exports WHERE bundle_id = ?', bundleId);
    return row && { bundleId: row.bundle_id, baseBundleId: row.base_bundle_id, createdAt: row.created_at, sourceKey: row.source_key, snapshot: row.snapshot, counts: JSON.parse(row.counts) as Record<string, number> };
  }

  latestExportId(): string | undefined {
    return this.one<{ bundle_id: string }>('SELECT bundle_id FROM content_bundle_exports ORDER BY created_at DESC, bundle_id DESC LIMIT 1')?.bundle_id;
  }

  recordExport(record: ExportRecord): void {
    this.run('INSERT INTO content_bundle_exports (bundle_id, base_bundle_id, created_at, source_key, snapshot, counts) VALUES (?, ?, ?, ?, ?, ?)',
      record.bundleId, record.baseBundleId, record.createdAt, record.sourceKey, record.snapshot, JSON.stringify(record.counts));
  }

  forgetExport(bundleId: string): void {
    this.run('DELETE FROM content_bundle_exports WHERE bundle_id = ?', bundleId);
  }

  listExports(limit: number): Omit<ExportRecord, 'snapshot'>[] {
    return this.all<{ bundle_id: string; base_bundle_id: string | null; created_at: string; source_key: string; counts: string }>(
      'SELECT bundle_id, base_bundle_id, created_at, source_key, counts FROM content_bundle_exports ORDER BY created_at DESC, bundle_id DESC LIMIT ?', limit)
      .map((row) => ({ bundleId: row.bundle_id, baseBundleId: row.base_bundle_id, createdAt: row.created_at, sourceKey: row.source_key, counts: JSON.parse(row.counts) as Record<string, number> }));
  }

  // ---- field office: applying a bundle ----

  /** The office's own version of an item, in the bundle's shape; drafts are flagged. */
  localItem(kind: BundleKind, id: string): LocalItem | undefined {
    switch (kind) {
      case 'posts': {
        const row = this.one<PostRow>(`${POST_SELECT} WHERE p.id = ?`, id);
        return row && { item: postItemOf(row), draft: row.state !== 'published' };
      }
      case 'pages': {
        const row = this.one<PageItem>(`${PAGE_SELECT} WHERE type = ?`, id);
        return row && { item: row, draft: false };
      }
      case 'cities': {
        const row = this.one<CityRow>('SELECT * FROM cities WHERE id = ?', id);
        return row && { item: cityItemOf(row, this.all<BranchRow>('SELECT city_id, address, phone, email, lat, lng FROM branches WHERE city_id = ? ORDER BY position', id)), draft: false };
      }
      case 'emergency': {
        const row = this.one<EmergencyItem>(`${EMERGENCY_SELECT} WHERE id = ?`, id);
        return row && { item: row, draft: false };
      }
      case 'contacts': {
        const row = this.one<ContactItem>(`${CONTACT_SELECT} WHERE id = ?`, id);
        return row && { item: row, draft: false };
      }
    }
  }

  /** The id of the city called `name` (without case, as the unique index compares). */
  cityIdNamed(name: string): string | undefined {
    return this.one<{ id: string }>('SELECT id FROM cities WHERE name = ? COLLATE NOCASE', name)?.id;
  }

  /**
   * Moves a city's name out of the way while names are exchanged inside one transaction. (Not a
   * NUL character: NOCASE stops comparing at one, so every parked name would collide.)
   */
  parkCityName(id: string): void {
    this.run('UPDATE cities SET name = ? WHERE id = ?', `${PARKED_CITY_PREFIX}${id}`, id);
  }

  /** Creates or replaces an item under its own id; a post's view count stays the office's own. */
  writeItem(kind: BundleKind, item: AnyItem, exists: boolean): void {
    switch (kind) {
      case 'posts': return this.writePost(item as PostItem, exists);
      case 'pages': {
        const page = item as PageItem;
        this.run(`INSERT INTO content (type, content_en, content_ar, image, image_alt_en, image_alt_ar, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (type) DO UPDATE SET content_en = excluded.content_en, content_ar = excluded.content_ar, image = excluded.image,
          image_alt_en = excluded.image_alt_en, image_alt_ar = excluded.image_alt_ar, updated_at = excluded.updated_at`,
        page.type, page.contentEn, page.contentAr, page.image, page.imageAltEn, page.imageAltAr, page.updatedAt);
        return;
      }
      case 'cities': return this.writeCity(item as CityItem, exists);
      case 'emergency': {
        const entry = item as EmergencyItem;
        this.run(`INSERT INTO emergency (id, type, value, name_en, name_ar, icon, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET type = excluded.type, value = excluded.value, name_en = excluded.name_en, name_ar = excluded.name_ar, icon = excluded.icon, created_at = excluded.created_at`,
        entry.id, entry.type, entry.value, entry.nameEn, entry.nameAr, entry.icon, entry.createdAt);
        return;
      }
      case 'contacts': {
        const entry = item as ContactItem;
        this.run(`INSERT INTO contacts (id, type, value, created_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET type = excluded.type, value = excluded.value, created_at = excluded.created_at`,
        entry.id, entry.type, entry.value, entry.createdAt);
        return;
      }
    }
  }

  /** The post's own row; its translation link is set afterwards (setTranslation), once every post is in. */
  private writePost(post: PostItem, exists: boolean): void {
    const pictures = JSON.stringify(post.pictures);
    const picturesAlt = JSON.stringify(post.pictures.map((_, index) => post.picturesAlt[index] ?? null));
    if (exists) {
      this.run(`UPDATE posts SET title = ?, description = ?, image = ?, image_alt = ?, pictures = ?, pictures_alt = ?, video = ?, language = ?, type = ?, pdf = ?,
        state = 'published', author_id = NULL, bundle_author_id = ?, bundle_author_name = ?, created_at = ?, updated_at = ? WHERE id = ?`,
      post.title, post.description, post.image, post.imageAlt, pictures, picturesAlt, post.video, post.language, post.type, post.pdf,
      post.authorId, post.authorName, post.createdAt, post.updatedAt, post.id);
      this.run('DELETE FROM posts_search WHERE post_id = ?', post.id);
    } else {
      // A new post arrives with headquarters' view count; from then on the office counts its own.
      this.run(`INSERT INTO posts (id, title, description, image, image_alt, pictures, pictures_alt, video, language, type, pdf, state, views, author_id,
        bundle_author_id, bundle_author_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, NULL, ?, ?, ?, ?)`,
      post.id, post.title, post.description, post.image, post.imageAlt, pictures, picturesAlt, post.video, post.language, post.type, post.pdf, post.views,
      post.authorId, post.authorName, post.createdAt, post.updatedAt);
    }
    // The search row holds the texts normalised, as the posts repository writes it.
    this.run('INSERT INTO posts_search (post_id, title, description) VALUES (?, ?, ?)', post.id, normalizeForSearch(post.title), normalizeForSearch(post.description));
  }

  private writeCity(city: CityItem, exists: boolean): void {
    if (exists) {
      this.run(`UPDATE cities SET name = ?, thumbnail = ?, country_map = ?, city_map = ?, city_map_add = ?, ${CITY_ALT_COLUMNS.map((column) => `${column} = ?`).join(', ')},
        created_at = ?, updated_at = ? WHERE id = ?`,
      city.name, city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd, ...cityAltsOf(city), city.createdAt, city.updatedAt, city.id);
      this.run('DELETE FROM branches WHERE city_id = ?', city.id);
    } else {
      this.run(`INSERT INTO cities (id, name, thumbnail, country_map, city_map, city_map_add, ${CITY_ALT_COLUMNS.join(', ')}, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ${CITY_ALT_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
      city.id, city.name, city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd, ...cityAltsOf(city), city.createdAt, city.updatedAt);
    }
    city.branches.forEach((branch, position) => {
      this.run('INSERT INTO branches (city_id, position, address, phone, email, lat, lng) VALUES (?, ?, ?, ?, ?, ?, ?)',
        city.id, position, branch.address, branch.phone, branch.email, branch.lat, branch.lng);
    });
  }

  /** A post's state, language and stored translation link (whatever the counterpart's state). */
  postLink(id: string): PostLink | undefined {
    return this.one<PostLink>('SELECT state, language, translation_of AS translationOf FROM posts WHERE id = ?', id);
  }

  /** The posts whose link names this one (at most one while links are kept both ways). */
  postsLinkedTo(id: string): string[] {
    return this.all<{ id: string }>('SELECT id FROM posts WHERE translation_of = ?', id).map((row) => row.id);
  }

  setTranslation(id: string, counterpartId: string | null): void {
    this.run('UPDATE posts SET translation_of = ? WHERE id = ?', counterpartId, id);
  }

  deleteItem(kind: BundleKind, id: string): void {
    switch (kind) {
      case 'posts':
        this.run('DELETE FROM posts_search WHERE post_id = ?', id);
        this.run('DELETE FROM posts WHERE id = ?', id);
        return;
      case 'pages': this.run('DELETE FROM content WHERE type = ?', id); return;
      // Branches go with their city (ON DELETE CASCADE).
      case 'cities': this.run('DELETE FROM cities WHERE id = ?', id); return;
      case 'emergency': this.run('DELETE FROM emergency WHERE id = ?', id); return;
      case 'contacts': this.run('DELETE FROM contacts WHERE id = ?', id); return;
    }
  }

  /** The items this source brought, as "kind\u0000id" keys. */
  itemsFromSource(sourceKey: string): Set<string> {
    return new Set(this.all<{ kind: string; item_id: string }>('SELECT kind, item_id FROM content_bundle_items WHERE source_key = ?', sourceKey)
      .map((row) => `${row.kind}\u0000${row.item_id}`));
  }

  rememberItem(sourceKey: string, kind: BundleKind, id: string): void {
    this.run('INSERT OR IGNORE INTO content_bundle_items (source_key, kind, item_id) VALUES (?, ?, ?)', sourceKey, kind, id);
  }

  forgetItem(kind: BundleKind, id: string): void {
    this.run('DELETE FROM content_bundle_items WHERE kind = ? AND item_id = ?', kind, id);
  }

  findImport(bundleId: string): ImportRecord | undefined {
    const row = this.one<ImportRow>('SELECT * FROM content_bundle_imports WHERE bundle_id = ?', bundleId);
    return row && importRecordOf(row);
  }

  lastImportFrom(sourceKey: string): ImportRecord | undefined {
    const row = this.one<ImportRow>('SELECT * FROM content_bundle_imports WHERE source_key = ? ORDER BY created_at DESC, applied_at DESC LIMIT 1', sourceKey);
    return row && importRecordOf(row);
  }

  recordImport(record: ImportRecord): void {
    this.run('INSERT INTO content_bundle_imports (bundle_id, source_key, source_name, base_bundle_id, created_at, applied_at, report) VALUES (?, ?, ?, ?, ?, ?, ?)',
      record.bundleId, record.sourceKey, record.sourceName, record.baseBundleId, record.createdAt, record.appliedAt, JSON.stringify(record.report));
  }

  listImports(limit: number): ImportRecord[] {
    return this.all<ImportRow>('SELECT * FROM content_bundle_imports ORDER BY applied_at DESC LIMIT ?', limit).map(importRecordOf);
  }

  // ---- settings of this feature (not public) ----

  readSettings(): BundleSettings {
    const read = (key: string): unknown => {
      const row = this.one<{ value: string }>('SELECT value FROM settings WHERE key = ?', key);
      try {
        return row ? JSON.parse(row.value) as unknown : undefined;
      } catch {
        return undefined;
      }
    };
    const keys = read(TRUSTED_KEYS_SETTING);
    const name = read(OFFICE_NAME_SETTING);
    return {
      trustedKeys: Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [],
      officeName: typeof name === 'string' && name.trim() !== '' ? name : null,
    };
  }

  writeSettings(settings: BundleSettings): void {
    const write = (key: string, value: unknown) => this.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, JSON.stringify(value));
    write(TRUSTED_KEYS_SETTING, settings.trustedKeys);
    write(OFFICE_NAME_SETTING, settings.officeName ?? '');
  }

  // ---- figures: a field office's own, and those imported at headquarters ----

  localFigures(): LocalFigures {
    return {
      visitors: this.all<DayCount>('SELECT day, count FROM visitor_days WHERE count > 0 ORDER BY day'),
      events: this.all<EventDayCount>(`SELECT day, name, path, count FROM event_counts WHERE count > 0 AND name IN ('pageview', 'contact_click')
        ORDER BY day, name, path`),
      ratings: this.all<RatingDayCount>(`SELECT substr(created_at, 1, 10) AS day, scope, rate, count(*) AS count FROM ratings
        GROUP BY day, scope, rate ORDER BY day, scope, rate`),
    };
  }

  findStatsImport(exportId: string): StatsImportRecord | undefined {
    const row = this.one<StatsImportRow>('SELECT * FROM office_stats_imports WHERE export_id = ?', exportId);
    return row && statsImportOf(row);
  }

  lastStatsImport(officeKey: string): StatsImportRecord | undefined {
    const row = this.one<StatsImportRow>('SELECT * FROM office_stats_imports WHERE office_key = ? ORDER BY created_at DESC LIMIT 1', officeKey);
    return row && statsImportOf(row);
  }

  /** Replaces the office's figures for the days fromDay..toDay with these. */
  replaceOfficeFigures(record: StatsImportRecord, figures: LocalFigures): void {
    const { officeKey, fromDay, toDay } = record;
    for (const table of ['office_visitor_days', 'office_event_counts', 'office_rating_days']) {
      this.run(`DELETE FROM ${table} WHERE office_key = ? AND day BETWEEN ? AND ?`, officeKey, fromDay, toDay);
    }
    for (const row of figures.visitors) this.run('INSERT INTO office_visitor_days (office_key, day, count) VALUES (?, ?, ?)', officeKey, row.day, row.count);
    for (const row of figures.events) this.run('INSERT INTO office_event_counts (office_key, day, name, path, count) VALUES (?, ?, ?, ?, ?)', officeKey, row.day, row.name, row.path, row.count);
    for (const row of figures.ratings) this.run('INSERT INTO office_rating_days (office_key, day, scope, rate, count) VALUES (?, ?, ?, ?, ?)', officeKey, row.day, row.scope, row.rate, row.count);
    this.run('INSERT INTO office_stats_imports (export_id, office_key, office_name, created_at, imported_at, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?, ?)',
      record.exportId, officeKey, record.officeName, record.createdAt, record.importedAt, fromDay, toDay);
  }

  /** One line per office: its latest figures file and its totals. */
  officeSummaries(): OfficeSummary[] {
    const latest = this.all<StatsImportRow>(`SELECT i.* FROM office_stats_imports i
      WHERE i.created_at = (SELECT max(created_at) FROM office_stats_imports WHERE office_key = i.office_key) ORDER BY i.office_name`);
    return latest.map((row) => {
      const key = row.office_key;
      const visitors = this.one<{ n: number | null }>('SELECT sum(count) AS n FROM office_visitor_days WHERE office_key = ?', key)?.n ?? 0;
      const events = this.all<{ name: string; n: number }>('SELECT name, sum(count) AS n FROM office_event_counts WHERE office_key = ? GROUP BY name', key);
      const ratings = this.all<{ scope: 'website' | 'service'; votes: number; total: number }>(
        'SELECT scope, sum(count) AS votes, sum(count * rate) AS total FROM office_rating_days WHERE office_key = ? GROUP BY scope', key);
      const ratingOf = (scope: 'website' | 'service') => {
        const found = ratings.find((r) => r.scope === scope);
        return found && found.votes > 0 ? { votes: found.votes, average: Math.round((found.total / found.votes) * 10) / 10 } : { votes: 0, average: 0 };
      };
      return {
        office: row.office_name,
        lastExportId: row.export_id,
        lastExportAt: row.created_at,
        importedAt: row.imported_at,
        fromDay: row.from_day,
        toDay: row.to_day,
        visitors,
        pageviews: events.find((e) => e.name === 'pageview')?.n ?? 0,
        contactClicks: events.find((e) => e.name === 'contact_click')?.n ?? 0,
        ratings: { website: ratingOf('website'), service: ratingOf('service') },
      };
    });
  }

  officeFigures(officeKey: string): LocalFigures {
    return {
      visitors: this.all<DayCount>('SELECT day, count FROM office_visitor_days WHERE office_key = ? ORDER BY day', officeKey),
      events: this.all<EventDayCount>('SELECT day, name, path, count FROM office_event_counts WHERE office_key = ? ORDER BY day, name, path', officeKey),
      ratings: this.all<RatingDayCount>('SELECT day, scope, rate, count FROM office_rating_days WHERE office_key = ? ORDER BY day, scope, rate', officeKey),
    };
  }
}

interface ImportRow { bundle_id: string; source_key: string; source_name: string; base_bundle_id: string | null; created_at: string; applied_at: string; report: string }
interface StatsImportRow { export_id: string; office_key: string; office_name: string; created_at: string; imported_at: string; from_day: string; to_day: string }

function importRecordOf(row: ImportRow): ImportRecord {
  return {
    bundleId: row.bundle_id, sourceKey: row.source_key, sourceName: row.source_name, baseBundleId: row.base_bundle_id,
    createdAt: row.created_at, appliedAt: row.applied_at, report: JSON.parse(row.report) as unknown,
  };
}

function statsImportOf(row: StatsImportRow): StatsImportRecord {
  return {
    exportId: row.export_id, officeKey: row.office_key, officeName: row.office_name, createdAt: row.created_at,
    importedAt: row.imported_at, fromDay: row.from_day, toDay: row.to_day,
  };
}
