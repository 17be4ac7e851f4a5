import { Type, type Static } from 'typebox';
import { AltTextSchema, ImageWidthsSchema, RequiredText, UploadPathSchema } from '@shared/schemas';

export const LIMITS = { nameMax: 100, branchesMax: 50, addressMax: 300, phoneMax: 32, emailMax: 100 } as const;
/** Digits, spaces, +, - and parentheses: "+964 (770) 000-0101". */
export const PHONE_PATTERN = /^[0-9 +()-]+$/;

/**
 * lat/lang arrive as numbers, null, or text from form inputs: '' means no value, '33.3' a number.
 * The range is checked after parsing (see validate-city.ts) so text and numbers share one rule.
 */
const CoordinateSchema = Type.Union([
  Type.Number(),
  Type.Null(),
  Type.String({ maxLength: 32, pattern: '^\\s*(-?(\\d+(\\.\\d*)?|\\.\\d+))?\\s*$' }),
]);

/** Optional Arabic text: absent or '' = not written yet (Arabic pages fall back to the Latin text). */
const ArabicText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const BranchBodySchema = Type.Object({
  address: RequiredText(LIMITS.addressMax),
  addressAr: ArabicText(LIMITS.addressMax),
  phone: RequiredText(LIMITS.phoneMax),
  email: Type.String({ format: 'email', minLength: 1, maxLength: LIMITS.emailMax }),
  lat: Type.Optional(CoordinateSchema),
  lang: Type.Optional(CoordinateSchema),
}, { additionalProperties: false });

export const CityBodySchema = Type.Object({
  /** The Latin name: unique, and the city's address (/maps/Baghdad) in both languages. */
  name: RequiredText(LIMITS.nameMax),
  nameAr: ArabicText(LIMITS.nameMax),
  thumbnail: Type.Optional(UploadPathSchema),
  countryMap: Type.Optional(UploadPathSchema),
  cityMap: Type.Optional(UploadPathSchema),
  cityMapAdd: Type.Optional(UploadPathSchema),
  /** Cities are shown in both languages, so each image has an English and an Arabic alt text. */
  thumbnailAltEn: Type.Optional(AltTextSchema),
  thumbnailAltAr: Type.Optional(AltTextSchema),
  countryMapAltEn: Type.Optional(AltTextSchema),
  countryMapAltAr: Type.Optional(AltTextSchema),
  cityMapAltEn: Type.Optional(AltTextSchema),
  cityMapAltAr: Type.Optional(AltTextSchema),
  cityMapAddAltEn: Type.Optional(AltTextSchema),
  cityMapAddAltAr: Type.Optional(AltTextSchema),
  branch: Type.Array(BranchBodySchema, { maxItems: LIMITS.branchesMax }),
}, { additionalProperties: false });

const StoredAlt = Type.Union([Type.String(), Type.Null()], { description: "null = not filled in yet, '' = decorative" });

/** The image fields of a city, each with its pair of alt-text fields (e.g. thumbnailAltEn). */
export const CITY_IMAGE_FIELDS = ['thumbnail', 'countryMap', 'cityMap', 'cityMapAdd'] as const;

export const BranchSchema = Type.Object({
  address: Type.String(),
  addressAr: Type.String({ description: "The address in Arabic; '' = not written (Arabic pages show address)" }),
  phone: Type.String(),
  email: Type.String(),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lang: Type.Union([Type.Number(), Type.Null()]),
});

export const CitySchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  nameAr: Type.String({ description: "The name in Arabic; '' = not written (Arabic pages show name)" }),
  thumbnail: Type.String(),
  countryMap: Type.String(),
  cityMap: Type.String(),
  cityMapAdd: Type.String(),
  thumbnailAltEn: StoredAlt,
  thumbnailAltAr: StoredAlt,
  countryMapAltEn: StoredAlt,
  countryMapAltAr: StoredAlt,
  cityMapAltEn: StoredAlt,
  cityMapAltAr: StoredAlt,
  cityMapAddAltEn: StoredAlt,
  cityMapAddAltAr: StoredAlt,
  branch: Type.Array(BranchSchema),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  imageWidths: ImageWidthsSchema,
});

/** Ids are opaque: anything that is not a known id is simply not found (404), never a 400. */
export const CityIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 500 }) });
export const CityNameParamsSchema = Type.Object({ name: Type.String({ maxLength: 500 }) });

export type CityBody = Static<typeof CityBodySchema>;
export type Branch = Static<typeof BranchSchema>;
export type City = Static<typeof CitySchema>;

/** What the repository stores: the body after parsing (trimmed name, numeric coordinates). */
export interface CityInput {
  name: string;
  /** '' or absent: not written yet. */
  nameAr?: string;
  thumbnail?: string;
  countryMap?: string;
  cityMap?: string;
  cityMapAdd?: string;
  /** Absent fields are not filled in yet (null). */
  alts?: Partial<CityAlts>;
  /** A branch's Arabic address may be left out: '' (not written yet). */
  branch: Array<Omit<Branch, 'addressAr'> & { addressAr?: string }>;
}

export type CityAltField = `${(typeof CITY_IMAGE_FIELDS)[number]}Alt${'En' | 'Ar'}`;
export type CityAlts = Record<CityAltField, string | null>;
