import { sql, type Kysely, type Selectable } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { ContactsTable, Database } from '../../db/schema';
import { newId, nowIso } from '@shared/ids';
import type { Contact, ContactType } from './schema';

function toContact(row: Pick<Selectable<ContactsTable>, 'id' | 'type' | 'value'>): Contact {
  return { _id: row.id, type: row.type, value: row.value };
}

export class ContactsRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  private announce(id: string): void {
    this.changes.announce({ kind: 'contacts', cause: 'write', ids: [id], languages: BOTH_LANGUAGES });
  }

  /** Newest first; rowid breaks ties between entries made in the same millisecond. */
  async list(): Promise<Contact[]> {
    const rows = await this.db.selectFrom('contacts').select(['id', 'type', 'value']).orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').execute();
    return rows.map(toContact);
  }

  async findById(id: string): Promise<Contact | undefined> {
    const row = await this.db.selectFrom('contacts').select(['id', 'type', 'value']).where('id', '=', id).executeTakeFirst();
    return row && toContact(row);
  }

  async create(input: { type: ContactType; value: string }): Promise<Contact> {
    const row = { id: newId(), type: input.type, value: input.value, created_at: nowIso() };
    await this.db.insertInto('contacts').values(row).execute();
    this.announce(row.id);
    return toContact(row);
  }

  /** Changes an entry in place: its id and creation time (its place in the list) stay. */
  async update(id: string, input: { type: ContactType; value: string }): Promise<Contact | undefined> {
    const result = await this.db.updateTable('contacts').set({ type: input.type, value: input.value }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    this.announce(id);
    return this.findById(id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    this.announce(id);
    return true;
  }
}
