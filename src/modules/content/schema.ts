import { Type, type Static } from 'typebox';
import { AltTextSchema, ImageWidthsSchema, UploadPathSchema } from '@shared/schemas';

import { CONTENT_TYPES, type ContentType } from '@shared/domain';

export { CONTENT_TYPES, type ContentType };
/** Only About shows an image (docs/product-rules.md, Data). */
export const TYPE_WITH_IMAGE: ContentType = 'About';
/** Page texts are long, but not unbounded. */
export const CONTENT_TEXT_MAX = 100_000;

// Written out literal by literal: TypeBox infers a mapped union as never.
const ContentTypeSchema = Type.Union([Type.Literal('About'), Type.Literal('Human Trafficing'), Type.Literal('Activity')]);

export const ContentParamsSchema = Type.Object({ type: ContentTypeSchema });

export const ContentBodySchema = Type.Object({
  type: Type.Optional(ContentTypeSchema),
  contentEn: Type.String({ maxLength: CONTENT_TEXT_MAX }),
  contentAr: Type.String({ maxLength: CONTENT_TEXT_MAX }),
  image: Type.Optional(UploadPathSchema),
  /** Page texts are bilingual, so is their image's alt text. */
  imageAltEn: Type.Optional(AltTextSchema),
  imageAltAr: Type.Optional(AltTextSchema),
}, { additionalProperties: false });

const StoredAlt = Type.Union([Type.String(), Type.Null()], { description: "null = not filled in yet, '' = decorative" });

export const ContentSchema = Type.Object({
  type: ContentTypeSchema,
  contentEn: Type.String(),
  contentAr: Type.String(),
  image: Type.String(),
  imageAltEn: StoredAlt,
  imageAltAr: StoredAlt,
  imageWidths: ImageWidthsSchema,
});

export type ContentBody = Static<typeof ContentBodySchema>;
export type Content = Static<typeof ContentSchema>;
export interface ContentInput {
  contentEn: string;
  contentAr: string;
  image: string;
  /** Absent: not filled in yet (null). */
  imageAltEn?: string | null;
  imageAltAr?: string | null;
}
