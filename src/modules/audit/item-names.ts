// What the audit log's items are called and whether each is still there, read for one page of
// entries (a handful of indexed lookups per kind). The name stored with a change wins; rows written
// before names were stored (migration 008) are named from the change itself (a deleted post's
// title is in its "from" values), else by what the item is called today.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ItemFacts {
  exists: boolean;
  name: string | null;
  nameAr: string | null;
}

interface Named { id: string; name: string; nameAr?: string }

/** The current names of the items of one kind, by id. */
async function currentNames(db: Kysely<Database>, entity: string, ids: string[]): Promise<Map<string, Named> | null> {
  const byId = (rows: Named[]) => new Map(rows.map((row) => [row.id, row]));
  switch (entity) {
    case 'post': return byId(await db.selectFrom('posts').select(['id', 'title as name']).where('id', 'in', ids).execute());
    case 'city': return byId(await db.selectFrom('cities').select(['id', 'name']).where('id', 'in', ids).execute());
    case 'emergency': return byId(await db.selectFrom('emergency').select(['id', 'name_en as name', 'name_ar as nameAr']).where('id', 'in', ids).execute());
    case 'contact': return byId(await db.selectFrom('contacts').select(['id', 'value as name']).where('id', 'in', ids).execute());
    case 'user': return byId(await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute());
    // A page text is named by its type, which the dashboard translates.
    case 'content': return new Map((await db.selectFrom('content').select('type').where('type', 'in', ids as never[]).execute()).map((row) => [row.type, { id: row.type, name: '' }]));
    default: return null;
  }
}

/** The field of a change that holds the item's name, per kind. */
const NAME_FIELDS: Record<string, { en: string; ar?: string }> = {
  post: { en: 'title' },
  city: { en: 'name' },
  emergency: { en: 'nameEN', ar: 'nameAR' },
  contact: { en: 'value' },
  user: { en: 'name' },
};

function nameInChanges(changes: Record<string, unknown>, field: string | undefined): string | null {
  const change = field ? changes[field] as { from?: unknown; to?: unknown } | undefined : undefined;
  const value = change?.to ?? change?.from;
  return typeof value === 'string' && value !== '' ? value : null;
}

export interface LoggedItem {
  entity: string;
  entityId: string;
  storedName: string | null;
  storedNameAr: string | null;
  changes: Record<string, unknown>;
}

/** Facts for each entry, in the order given. Kinds that are places rather than items (settings, bundles) always exist. */
export async function itemFacts(db: Kysely<Database>, entries: LoggedItem[]): Promise<ItemFacts[]> {
  const kinds = new Map<string, Set<string>>();
  for (const entry of entries) kinds.set(entry.entity, (kinds.get(entry.entity) ?? new Set()).add(entry.entityId));
  const current = new Map<string, Map<string, Named> | null>();
  for (const [entity, ids] of kinds) current.set(entity, await currentNames(db, entity, [...ids]));
  return entries.map((entry) => {
    const found = current.get(entry.entity);
    const item = found?.get(entry.entityId);
    const fields = NAME_FIELDS[entry.entity];
    return {
      exists: found === null || found === undefined ? true : item !== undefined,
      name: entry.storedName ?? nameInChanges(entry.changes, fields?.en) ?? (item?.name || null),
      nameAr: entry.storedNameAr ?? nameInChanges(entry.changes, fields?.ar) ?? item?.nameAr ?? null,
    };
  });
}
