import { sql, type Kysely, type Selectable } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { Database, EmergencyTable } from '../../db/schema';
import { newId, nowIso } from '@shared/ids';
import type { Emergency, EmergencyInput, EmergencyType } from './schema';

function toEmergency(row: Omit<Selectable<EmergencyTable>, 'created_at'>): Emergency {
  return { _id: row.id, type: row.type, value: row.value, nameEN: row.name_en, nameAR: row.name_ar, icon: row.icon };
}

const COLUMNS = ['id', 'type', 'value', 'name_en', 'name_ar', 'icon'] as const;

export class EmergencyRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  private announce(id: string): void {
    this.changes.announce({ kind: 'emergency', cause: 'write', ids: [id], languages: BOTH_LANGUAGES });
  }

  /** Newest first (the dashboard adds at the front); rowid breaks ties within one millisecond. */
  async list(type?: EmergencyType): Promise<Emergency[]> {
    let query = this.db.selectFrom('emergency').select(COLUMNS);
    if (type) query = query.where('type', '=', type);
    const rows = await query.orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').execute();
    return rows.map(toEmergency);
  }

  async findById(id: string): Promise<Emergency | undefined> {
    const row = await this.db.selectFrom('emergency').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toEmergency(row);
  }

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
    await this.db.insertInto('emergency').values(row).execute();
    this.announce(row.id);
    return toEmergency(row);
  }

  /** Changes an item in place: its id and creation time (its place in the list) stay. */
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

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('emergency').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    this.announce(id);
    return true;
  }
}
