import type { Kysely } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { Database } from '../../db/schema';
import { nowIso } from '@shared/ids';
import type { Content, ContentInput, ContentType } from './schema';

/** One row per content type; a type never saved reads as empty texts. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  async find(type: ContentType): Promise<Content | undefined> {
    const row = await this.db.selectFrom('content').selectAll().where('type', '=', type).executeTakeFirst();
    return row && { type: row.type, contentEn: row.content_en, contentAr: row.content_ar, image: row.image, imageAltEn: row.image_alt_en, imageAltAr: row.image_alt_ar };
  }

  /** The page text of one type, or empty texts when it was never saved (what visitors read). */
  async findOrEmpty(type: ContentType): Promise<Content> {
    return (await this.find(type)) ?? { type, contentEn: '', contentAr: '', image: '', imageAltEn: null, imageAltAr: null };
  }

  /** Creates or replaces the text of one type. */
  async save(type: ContentType, input: ContentInput): Promise<Content> {
    const values = { content_en: input.contentEn, content_ar: input.contentAr, image: input.image, image_alt_en: input.imageAltEn ?? null, image_alt_ar: input.imageAltAr ?? null, updated_at: nowIso() };
    await this.db.insertInto('content').values({ type, ...values })
      .onConflict((oc) => oc.column('type').doUpdateSet(values))
      .execute();
    this.changes.announce({ kind: 'page-texts', cause: 'write', ids: [type], languages: BOTH_LANGUAGES });
    return { type, ...input, imageAltEn: values.image_alt_en, imageAltAr: values.image_alt_ar };
  }
}
