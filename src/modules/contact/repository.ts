import { sql, type Kysely, type Selectable } from 'kysely';
import type { ContactsTable, Database } from '../../db/schema';
import { newId, nowIso } from '@shared/ids';
import type { Contact, ContactType } from './schema';

function toContact(row: Pick<Selectable<ContactsTable>, 'id' | 'type' | 'value'>): Contact {
  return { _id: row.id, type: row.type, value: row.value };
}

export class ContactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    return toContact(row);
  }

  /** Changes an entry in place: its id and creation time (its place in the list) stay. */
  async update(id: string, input: { type: ContactType; value: string }): Promise<Contact | undefined> {
    const result = await this.db.updateTable('contacts').set({ type: input.type, value: input.value }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.findById(id) : undefined;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
