// Typed shape of the SQLite tables as Kysely sees them. Column names are snake_case;
// each module's repository maps rows to the JSON names of docs/product-rules.md, Data.
import type { ColumnType, Generated } from 'kysely';
import type { ContactType, ContentType, EmergencyType, Language, PostState, PostType, RatingScope } from '@shared/domain';

/** ISO-8601 text timestamps: SQLite has no date type and text sorts correctly. */
type Timestamp = string;

/** An alt text: null = not filled in yet, '' = decorative on purpose, else the text. Optional on insert. */
type AltText = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  is_admin: number;
  is_author: number;
  created_at: Timestamp;
  /** 0: disabled, cannot log in, every token refused. */
  active: ColumnType<number, number | undefined, number>;
  /** 1 after a reset: only the own password change is allowed until a new password is chosen. */
  must_change_password: ColumnType<number, number | undefined, number>;
  /** Carried in each token as `ver`; raising it revokes every token of the user. */
  token_version: ColumnType<number, number | undefined, number>;
}

export interface ContentTable {
  type: ContentType;
  content_en: string;
  content_ar: string;
  image: string;
  image_alt_en: AltText;
  image_alt_ar: AltText;
  updated_at: Timestamp;
}

/** Text that may be left out on insert: '' until written (an Arabic name or address, see migration 007). */
type TextOrEmpty = ColumnType<string, string | undefined, string>;

export interface CitiesTable {
  id: string;
  name: string;
  /** The city's name in Arabic; '' = not written yet (Arabic pages show `name`). */
  name_ar: TextOrEmpty;
  thumbnail: string;
  country_map: string;
  city_map: string;
  city_map_add: string;
  thumbnail_alt_en: AltText;
  thumbnail_alt_ar: AltText;
  country_map_alt_en: AltText;
  country_map_alt_ar: AltText;
  city_map_alt_en: AltText;
  city_map_alt_ar: AltText;
  city_map_add_alt_en: AltText;
  city_map_add_alt_ar: AltText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BranchesTable {
  id: Generated<number>;
  city_id: string;
  position: number;
  address: string;
  /** The address in Arabic; '' = not written yet (Arabic pages show `address`). */
  address_ar: TextOrEmpty;
  phone: string;
  email: string;
  lat: number | null;
  lng: number | null;
}

export interface RatingsTable {
  id: Generated<number>;
  scope: RatingScope;
  rate: number;
  created_at: Timestamp;
}

export interface ContactsTable {
  id: string;
  type: ContactType;
  value: string;
  created_at: Timestamp;
}

export interface PostsTable {
  id: string;
  title: string;
  description: string;
  image: string;
  /** In the post's language. */
  image_alt: AltText;
  /** JSON array of upload paths. */
  pictures: string;
  /** JSON array, one alt text (or null) per picture, in the same order. */
  pictures_alt: ColumnType<string, string | undefined, string>;
  video: string;
  language: Language;
  type: PostType;
  pdf: string;
  state: PostState;
  views: ColumnType<number, number | undefined, number>;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A post from a content bundle: its author at headquarters, who is no user here. */
  bundle_author_id: ColumnType<string | null, string | null | undefined, string | null>;
  bundle_author_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a 'scheduled' post becomes public (ISO, UTC); null in every other state. */
  publish_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The same post in the other language, linked both ways. */
  translation_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** Creation time in ms * 1024 + a sequence: the dashboard's order and its search index's rowid. */
  sort_key: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Posts whose dashboard search row must be written again (filled by triggers, see migration 006). */
export interface PostsManageQueueTable {
  post_id: string;
  indexed_key: number | null;
}

/** FTS5 index over normalised title and description (see modules/posts/normalize.ts). */
export interface EmergencyTable {
  id: string;
  type: EmergencyType;
  value: string;
  name_en: string;
  name_ar: string;
  icon: string;
  created_at: Timestamp;
  /** The place staff gave it, 0 first: the dashboard and the public pages list in this order. */
  position: Generated<number>;
}

/** Visitors per day: a count only, nothing about who visited. */
export interface VisitorDaysTable {
  day: string;
  count: number;
}

/** Today's random salt for the daily digests; deleted with the day. */
export interface DailySaltTable {
  day: string;
  salt: Buffer;
}

/** Salted HMAC digests of clients already counted today (visitors, post views); deleted with the day. */
export interface DailyDigestsTable {
  digest: Buffer;
  day: string;
}

/** Privacy-first analytics: daily counts per event name and path, nothing else. */
export interface EventCountsTable {
  day: string;
  name: string;
  path: string;
  count: number;
}

/** event_counts summed per day (migration 009, kept by triggers): the reports' daily totals. */
export interface EventDayTotalsTable {
  day: string;
  name: string;
  count: number;
}

/** event_counts summed per month (YYYY-MM) and page (migration 009, kept by triggers): the reports' top pages. */
export interface EventMonthPathsTable {
  month: string;
  name: string;
  path: string;
  count: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: string | null;
  user_email: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: string;
  /** JSON object of changed fields. */
  changes: string;
  /** The item's title or name when it changed (its English name when it has two); null in rows older than 008. */
  entity_name: string | null;
  /** The item's Arabic name, for items that have one of their own (emergency numbers). */
  entity_name_ar: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Headquarters: a content bundle made, with the fingerprints of what it described (JSON). */
export interface ContentBundleExportsTable {
  bundle_id: string;
  base_bundle_id: string | null;
  created_at: Timestamp;
  source_key: string;
  snapshot: string;
  counts: string;
  /** The last content_bundle_log entry when the bundle was made (null before migration 009). */
  log_seq: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Every change of a post a content bundle carries, numbered (migration 009's triggers write it). */
export interface ContentBundleLogTable {
  seq: Generated<number>;
  post_id: string;
}

/** Field office: a content bundle applied, and what it changed (JSON report). */
export interface ContentBundleImportsTable {
  bundle_id: string;
  source_key: string;
  source_name: string;
  base_bundle_id: string | null;
  created_at: Timestamp;
  applied_at: Timestamp;
  report: string;
}

/** Field office: the items each source (signing key) brought. */
export interface ContentBundleItemsTable {
  source_key: string;
  kind: string;
  item_id: string;
}

/** Headquarters: each field-office figures file imported. */
export interface OfficeStatsImportsTable {
  export_id: string;
  office_key: string;
  office_name: string;
  created_at: Timestamp;
  imported_at: Timestamp;
  from_day: string;
  to_day: string;
}

export interface OfficeVisitorDaysTable {
  office_key: string;
  day: string;
  count: number;
}

export interface OfficeEventCountsTable {
  office_key: string;
  day: string;
  name: string;
  path: string;
  count: number;
}

export interface OfficeRatingDaysTable {
  office_key: string;
  day: string;
  scope: 'website' | 'service';
  rate: number;
  count: number;
}

export interface Database {
  users: UsersTable;
  content: ContentTable;
  cities: CitiesTable;
  branches: BranchesTable;
  ratings: RatingsTable;
  contacts: ContactsTable;
  posts: PostsTable;
  posts_manage_queue: PostsManageQueueTable;
  emergency: EmergencyTable;
  visitor_days: VisitorDaysTable;
  daily_salt: DailySaltTable;
  daily_digests: DailyDigestsTable;
  event_counts: EventCountsTable;
  event_day_totals: EventDayTotalsTable;
  event_month_paths: EventMonthPathsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  content_bundle_exports: ContentBundleExportsTable;
  content_bundle_log: ContentBundleLogTable;
  content_bundle_imports: ContentBundleImportsTable;
  content_bundle_items: ContentBundleItemsTable;
  office_stats_imports: OfficeStatsImportsTable;
  office_visitor_days: OfficeVisitorDaysTable;
  office_event_counts: OfficeEventCountsTable;
  office_rating_days: OfficeRatingDaysTable;
}
