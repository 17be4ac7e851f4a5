// What a content bundle holds. The archive is a .tar.gz (the backup's own tar code) with:
//   content.json     the items (posts, page texts, cities with branches, emergency and contact entries)
//                    and, in an incremental bundle, tombstones of what was removed
//   uploads/<name>   every file those items show, under the very name headquarters stores it
//   manifest.json    format, bundle ids, creation time, source, counts, and every other member's size and sha256
//   signature.json   the Ed25519 signature of manifest.json's exact bytes, and the public key that made it
// Trust flows from the signature to the manifest, and from the manifest's checksums to every file.
import { Type, type Static } from 'typebox';
import { CONTENT_TEXT_MAX } from '../content/schema';
import { UPLOAD_LIMITS } from '../uploads/limits';
import { BUNDLE_KINDS, type BundleKind } from '@shared/domain';
import { STAMPED_ID_PATTERN } from '@shared/ids';
import { ALT_TEXT_MAX, IdSchema, UploadPathSchema } from '@shared/schemas';

export const BUNDLE_FORMAT = 'anti-trafficking-site-content-bundle';
/**
 * 2 added the images' alt texts and the posts' translation links; 3 the cities' Arabic names and the
 * branches' Arabic addresses. All are optional in the content, so an older bundle still applies: its
 * items arrive with alt texts not filled in, no link and no Arabic name or address ('').
 */
export const BUNDLE_FORMAT_VERSION = 3;
export const READABLE_FORMAT_VERSIONS = [1, 2, 3] as const;
export const MANIFEST_MEMBER = 'manifest.json';
export const SIGNATURE_MEMBER = 'signature.json';
export const CONTENT_MEMBER = 'content.json';
export const UPLOADS_PREFIX = 'uploads/';

export { BUNDLE_KINDS, type BundleKind };

/** Starts a city name only while a bundle is being applied (see apply.ts); bundles with such names are refused. */
export const PARKED_CITY_PREFIX = '\u0001';

/** 20261123-093512-4f9a2c: the UTC time it was made, then 6 random hex digits. Sorts by time. */
export const BUNDLE_ID_PATTERN = STAMPED_ID_PATTERN;

export interface BundleLimits {
  /** The archive file as received. */
  archiveBytes: number;
  /** Everything inside it once unpacked (checked before anything is written). */
  unpackedBytes: number;
  contentJsonBytes: number;
  /** One upload, as the upload routes allow it. */
  uploadBytes: number;
  members: number;
}

const GB = 1024 * 1024 * 1024;
export const DEFAULT_BUNDLE_LIMITS: BundleLimits = {
  archiveBytes: 2 * GB,
  unpackedBytes: 4 * GB,
  /** Read item by item (content-reader.ts): bounded by the archive's own bound, not by memory. */
  contentJsonBytes: 2 * GB,
  uploadBytes: Math.max(UPLOAD_LIMITS.imageBytes, UPLOAD_LIMITS.pdfBytes),
  members: 200_000,
};

const Timestamp = Type.String({ minLength: 10, maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T' });
const Text = (maxLength: number) => Type.String({ maxLength });
/** null = not filled in yet, '' = decorative on purpose, else the text (as headquarters stores it). */
const Alt = Type.Union([Type.String({ maxLength: ALT_TEXT_MAX }), Type.Null()]);
const OptionalAlt = Type.Optional(Alt);
const Many = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { maxItems: 100_000 });

export const PostItemSchema = Type.Object({
  id: IdSchema,
  title: Text(1000),
  description: Text(5_000_000),
  image: UploadPathSchema,
  imageAlt: OptionalAlt,
  pictures: Type.Array(UploadPathSchema, { maxItems: 100 }),
  /** One per picture, in the same order. */
  picturesAlt: Type.Optional(Type.Array(Alt, { maxItems: 100 })),
  video: Text(1000),
  language: Type.Union([Type.Literal('en'), Type.Literal('ar')]),
  type: Type.Union([
    Type.Literal('International'), Type.Literal('Iraq'), Type.Literal('Training'),
    Type.Literal('Guide'), Type.Literal('Form'), Type.Literal('Flyer And Brochure'),
  ]),
  pdf: UploadPathSchema,
  views: Type.Integer({ minimum: 0 }),
  authorId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  authorName: Type.Union([Text(500), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The same post in the other language, when it is published at headquarters too (and so travels). */
  translationOf: Type.Optional(Type.Union([IdSchema, Type.Null()])),
}, { additionalProperties: false });

export const PageItemSchema = Type.Object({
  type: Type.Union([Type.Literal('About'), Type.Literal('Human Trafficing'), Type.Literal('Activity')]),
  contentEn: Text(CONTENT_TEXT_MAX),
  contentAr: Text(CONTENT_TEXT_MAX),
  image: UploadPathSchema,
  imageAltEn: OptionalAlt,
  imageAltAr: OptionalAlt,
  updatedAt: Timestamp,
}, { additionalProperties: false });

export const BranchItemSchema = Type.Object({
  address: Text(1000),
  addressAr: Type.Optional(Text(1000)),
  phone: Text(100),
  email: Text(500),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lng: Type.Union([Type.Number(), Type.Null()]),
}, { additionalProperties: false });

export const CityItemSchema = Type.Object({
  id: IdSchema,
  name: Type.String({ minLength: 1, maxLength: 500 }),
  nameAr: Type.Optional(Text(500)),
  thumbnail: UploadPathSchema,
  countryMap: UploadPathSchema,
  cityMap: UploadPathSchema,
  cityMapAdd: UploadPathSchema,
  thumbnailAltEn: OptionalAlt,
  thumbnailAltAr: OptionalAlt,
  countryMapAltEn: OptionalAlt,
  countryMapAltAr: OptionalAlt,
  cityMapAltEn: OptionalAlt,
  cityMapAltAr: OptionalAlt,
  cityMapAddAltEn: OptionalAlt,
  cityMapAddAltAr: OptionalAlt,
  branches: Type.Array(BranchItemSchema, { maxItems: 1000 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}, { additionalProperties: false });

export const EmergencyItemSchema = Type.Object({
  id: IdSchema,
  type: Type.Union([Type.Literal('Emergency'), Type.Literal('VOT')]),
  value: Text(100),
  nameEn: Text(500),
  nameAr: Text(500),
  icon: UploadPathSchema,
  createdAt: Timestamp,
}, { additionalProperties: false });

export const ContactItemSchema = Type.Object({
  id: IdSchema,
  type: Type.Union([
    Type.Literal('phone'), Type.Literal('email'), Type.Literal('facebook'), Type.Literal('twitter'),
    Type.Literal('instagram'), Type.Literal('youtube'), Type.Literal('linkedin'),
  ]),
  value: Text(1000),
  createdAt: Timestamp,
}, { additionalProperties: false });

export const KindSchema = Type.Union([
  Type.Literal('posts'), Type.Literal('pages'), Type.Literal('cities'), Type.Literal('emergency'), Type.Literal('contacts'),
]);

/** Something the source removed (or unpublished) since the base bundle. Page texts are keyed by their type. */
export const TombstoneSchema = Type.Object({
  kind: KindSchema,
  id: Type.String({ minLength: 1, maxLength: 64 }),
}, { additionalProperties: false });

export const BundleContentSchema = Type.Object({
  posts: Many(PostItemSchema),
  pages: Type.Array(PageItemSchema, { maxItems: 10 }),
  cities: Many(CityItemSchema),
  emergency: Many(EmergencyItemSchema),
  contacts: Many(ContactItemSchema),
  tombstones: Many(TombstoneSchema),
}, { additionalProperties: false });

export const ArchivedFileSchema = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 255 }),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
}, { additionalProperties: false });

export const ManifestSchema = Type.Object({
  format: Type.Literal(BUNDLE_FORMAT),
  formatVersion: Type.Union([
    Type.Literal(READABLE_FORMAT_VERSIONS[0]), Type.Literal(READABLE_FORMAT_VERSIONS[1]), Type.Literal(READABLE_FORMAT_VERSIONS[2]),
  ]),
  bundleId: Type.String({ pattern: BUNDLE_ID_PATTERN }),
  /** The bundle this one continues from; null for a full bundle. */
  baseBundleId: Type.Union([Type.String({ pattern: BUNDLE_ID_PATTERN }), Type.Null()]),
  createdAt: Timestamp,
  source: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
  counts: Type.Record(Type.String({ maxLength: 20 }), Type.Integer({ minimum: 0 })),
  files: Type.Array(ArchivedFileSchema, { maxItems: 200_000 }),
  /** Files the items name that headquarters itself does not have (shown there as missing too). */
  missingFiles: Type.Array(UploadPathSchema, { maxItems: 200_000 }),
}, { additionalProperties: false });

export const SignatureSchema = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  publicKey: Type.String({ pattern: '^ed25519:[A-Za-z0-9_-]{43}$' }),
  signature: Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9+/]+={0,2}$' }),
}, { additionalProperties: false });

// Inside the code every field is present: completeItem() fills what an older bundle lacks.
export type PostItem = Required<Static<typeof PostItemSchema>>;
export type PageItem = Required<Static<typeof PageItemSchema>>;
export type CityItem = Required<Omit<Static<typeof CityItemSchema>, 'branches'>> & { branches: BranchItem[] };
export type BranchItem = Required<Static<typeof BranchItemSchema>>;
export type EmergencyItem = Static<typeof EmergencyItemSchema>;
export type ContactItem = Static<typeof ContactItemSchema>;
export type Tombstone = Static<typeof TombstoneSchema>;
/** content.json as it may arrive (a version 1 bundle has no alt texts nor links, a version 2 no Arabic city names). */
export type ReceivedContent = Static<typeof BundleContentSchema>;
export interface BundleContent {
  posts: PostItem[];
  pages: PageItem[];
  cities: CityItem[];
  emergency: EmergencyItem[];
  contacts: ContactItem[];
  tombstones: Tombstone[];
}
export type BundleManifest = Static<typeof ManifestSchema>;
export type BundleSignature = Static<typeof SignatureSchema>;

/** The id that names an item of a kind: page texts are keyed by their type. */
export function itemIdOf(kind: BundleKind, item: { id?: string; type?: string }): string {
  return kind === 'pages' ? item.type! : item.id!;
}

/** Every upload path an item shows. */
export function filesOfItem(kind: BundleKind, item: BundleContent[BundleKind][number]): string[] {
  switch (kind) {
    case 'posts': { const post = item as PostItem; return [post.image, post.pdf, ...post.pictures]; }
    case 'pages': return [(item as PageItem).image];
    case 'cities': { const city = item as CityItem; return [city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd]; }
    case 'emergency': return [(item as EmergencyItem).icon];
    case 'contacts': return [];
  }
}

const CITY_ALT_FIELDS = ['thumbnailAltEn', 'thumbnailAltAr', 'countryMapAltEn', 'countryMapAltAr', 'cityMapAltEn', 'cityMapAltAr', 'cityMapAddAltEn', 'cityMapAddAltAr'] as const;

type ReceivedItem<K extends BundleKind> = ReceivedContent[K][number];

/** A received item with what an older bundle does not say filled in: alt texts not filled in (null), no link, no Arabic name or address (''). */
export function completeItem<K extends BundleKind>(kind: K, received: ReceivedItem<K>): BundleContent[K][number] {
  switch (kind) {
    case 'posts': {
      const post = received as ReceivedItem<'posts'>;
      return { ...post, imageAlt: post.imageAlt ?? null, picturesAlt: post.picturesAlt ?? post.pictures.map(() => null), translationOf: post.translationOf ?? null } as BundleContent[K][number];
    }
    case 'pages': {
      const page = received as ReceivedItem<'pages'>;
      return { ...page, imageAltEn: page.imageAltEn ?? null, imageAltAr: page.imageAltAr ?? null } as BundleContent[K][number];
    }
    case 'cities': {
      const city = received as ReceivedItem<'cities'>;
      return {
        ...city,
        ...Object.fromEntries(CITY_ALT_FIELDS.map((field) => [field, city[field] ?? null])),
        nameAr: city.nameAr ?? '',
        branches: city.branches.map((branch) => ({ ...branch, addressAr: branch.addressAr ?? '' })),
      } as BundleContent[K][number];
    }
    default: return received as BundleContent[K][number];
  }
}

export function emptyContent(): BundleContent {
  return { posts: [], pages: [], cities: [], emergency: [], contacts: [], tombstones: [] };
}
