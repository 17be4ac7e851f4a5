// TypeBox pieces shared by several modules.
import { Type } from 'typebox';

export const ErrorItemSchema = Type.Object({
  messageEn: Type.String(),
  messageAr: Type.String(),
  field: Type.Union([Type.String(), Type.Null()]),
});

export const ErrorBodySchema = Type.Object({
  message: Type.String(),
  errors: Type.Array(ErrorItemSchema),
});

/** Record ids are opaque; anything outside this shape cannot exist and is refused early. */
export const IdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
export const IdParamsSchema = Type.Object({ id: IdSchema });

export const DeletedSchema = Type.Object({ _id: Type.String() });

/** Text that must contain something other than spaces. */
export function RequiredText(maxLength?: number) {
  return Type.String({ minLength: 1, pattern: '\\S', ...(maxLength ? { maxLength } : {}) });
}

/** An upload path returned by /api/upload, or empty. Refuses outside URLs and odd paths. */
export const UploadPathSchema = Type.String({ maxLength: 200, pattern: '^(|/uploads/[A-Za-z0-9_-]+\\.[a-z0-9]{2,5})$' });

/**
 * pageNumber below 1 or not a number is treated as 1 (docs/api-contract.md), so it is read as text, of any
 * length: a page number is never refused.
 */
export const PageNumberSchema = Type.String({ description: 'Page from 1; below 1 or not a number reads page 1; past the last page answers an empty page with the true `pages`' });
export const PageQuerySchema = Type.Object({ pageNumber: Type.Optional(PageNumberSchema) });

/**
 * Any page number beyond this is past the end of every list this site can hold (9 million posts
 * at 9 a page), so it is read as this one: an empty page with the true `pages`, whatever its size,
 * even beyond JavaScript's safe integers (9999999999999999999999 would otherwise round).
 */
export const LAST_READABLE_PAGE = 1_000_000;

export function pageNumberFrom(raw: string | undefined): number {
  const page = Number.parseInt(raw ?? '', 10);
  // 400 nines parse as Infinity: still a page past the end, not "not a number".
  return Number.isNaN(page) || page < 1 ? 1 : Math.min(page, LAST_READABLE_PAGE);
}

/** Standard error answers, so the OpenAPI document lists them. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The width in pixels of each uploaded picture an item shows, by path: its responsive variants
 * are those of the widths narrower than it (docs/api-contract.md, Uploads). Absent where not given.
 */
export const ImageWidthsSchema = Type.Optional(Type.Record(Type.String(), Type.Integer(), {
  description: 'Width in pixels of each uploaded picture shown, by path; its variants are the variant widths narrower than it',
}));

/** Longer than any good description: a flyer's full text belongs in the post's own text. */
export const ALT_TEXT_MAX = 500;

/**
 * An image's text alternative. null (or absent): not filled in yet, flagged in the dashboard;
 * '' : decorative, chosen on purpose (alt=""); any other text: what a screen reader says.
 * Text of spaces only is refused, so a blank field never passes for "decorative".
 */
export const AltTextSchema = Type.Union([
  Type.String({ maxLength: ALT_TEXT_MAX, pattern: '^(|[\\s\\S]*\\S[\\s\\S]*)$' }),
  Type.Null(),
], { description: "Alt text: null = not filled in yet, '' = decorative on purpose, else the text" });

/** The alt text as stored: trimmed text, '' (decorative) or null (not filled in). */
export function storedAlt(value: string | null | undefined): string | null {
  return value === undefined || value === null ? null : value.trim();
}
