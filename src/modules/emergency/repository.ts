import { sql, type Kysely, type Selectable } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { Database, EmergencyTable } from '../../db/schema';
import { newId, nowIso } from '@shared/ids';
import type { Emergency, EmergencyInput, EmergencyType } from './schema';

function toEmergency(row: Omit<Selectable<EmergencyTable>, 'created_at' | 'position'>): Emergency {
  return { _id: row.id, type: row.type, value: row.value, nameEN: row.name_en, nameAR: row.name_ar, icon: row.icon };
}

const COLUMNS = ['id', 'type', 'value', 'name_en', 'name_ar', 'icon'] as const;

/** The place after the last one, read and written in the same statement as the insert. */
const NEXT_POSITION = sql<number>`(SELECT coalesce(max(position), -1) + 1 FROM emergency)`;

export class EmergencyRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  private announce(id: string): void {
    this.changes.announce({ kind: 'emergency', cause: 'write', ids: [id], languages: BOTH_LANGUAGES });
  }

  /** In the order staff chose (the public pages and the dashboard alike); rowid breaks ties. */
  async list(type?: EmergencyType): Promise<Emergency[]> {
    let query = this.db.selectFrom('emergency').select(COLUMNS);
    if (type) query = query.where('type', '=', type);
    const rows = await query.orderBy('position').orderBy(sql`rowid`).execute();
    return rows.map(toEmergency);
  }

  async findById(id: string): Promise<Emergency | undefined> {
    const row = await this.db.selectFrom('emergency').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toEmergency(row);
  }

  /** A new number goes last: the hotline staff put first stays first. */
  async create(input: EmergencyInput): Promise<Emergency> {
    const row = {
      id: newId(),
      type: input.type,
      value: input.value.trim(),
      name_en: input.nameEN.trim(),
      name_ar: input.nameAR.trim(),
      icon: input.icon ?? '',
      created_at: nowIso(),
    };
    await this.db.insertInto('emergency').values({ ...row, position: NEXT_POSITION }).execute();
    this.announce(row.id);
    return toEmergency(row);
  }

  /** Changes an item in place: its id and its place in the list stay. */
  async update(id: string, input: EmergencyInput): Promise<Emergency | undefined> {
    const result = await this.db.updateTable('emergency').set({
      type: input.type,
      value: input.value.trim(),
      name_en: input.nameEN.trim(),
      name_ar: input.nameAR.trim(),
      icon: input.icon ?? '',
    }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    this.announce(id);
    return this.findById(id);
  }

  /**
   * Puts every item in the order of `ids`, which must name each item exactly once. Read and written
   * in one transaction: if the list changed meanwhile (an item added or deleted by someone else),
   * nothing is written and null is answered, so no item is lost or left without a place.
   */
  async reorder(ids: string[]): Promise<{ before: Emergency[]; after: Emergency[] } | null> {
    const result = await this.db.transaction().execute(async (trx) => {
      const inTransaction = new EmergencyRepository(trx, this.changes);
      const before = await inTransaction.list();
      const known = new Set(before.map((item) => item._id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) return null;
      for (const [position, id] of ids.entries()) {
        await trx.updateTable('emergency').set({ position }).where('id', '=', id).execute();
      }
      return { before, after: await inTransaction.list() };
    });
    // Announced once committed, when the order moved: the public pages list the numbers in this order.
    if (result && result.before.some((item, place) => item._id !== ids[place])) {
      this.changes.announce({ kind: 'emergency', cause: 'write', ids, languages: BOTH_LANGUAGES });
    }
    return result;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('emergency').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    this.announce(id);
    return true;
  }
}
