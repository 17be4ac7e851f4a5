import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '@shared/ids';
import { itemFacts } from './item-names';
import type { AuditAction, AuditEntry, AuditFacets, AuditPage } from './schema';

export type { AuditAction, AuditEntry };

/** What the log calls the item: its title or name, or both names of an item that has an Arabic one. */
export type AuditName = string | { en: string; ar: string } | null;

export interface AuditFilter {
  /** A user id, or the name of a change made at the machine. */
  person?: string;
  entity?: string;
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
}

/**
 * Who made a change: a logged-in user, or someone at the machine itself (the recovery command or the
 * desktop app), who has no user id and is named by where they acted, e.g. "command line on office-pc".
 */
export interface AuditActor {
  id: string | null;
  email: string;
}

export const AUDIT_PAGE_SIZE = 20;
/** Who the log names for changes no person made at that moment. */
export const SYSTEM_ACTOR = 'system';
/** Long texts are cut in the log: it records what changed, it is not a second copy of the data. */
const MAX_LOGGED_TEXT = 300;

function shorten(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_LOGGED_TEXT ? `${value.slice(0, MAX_LOGGED_TEXT)}…` : value;
}

/**
 * The fields whose values differ between two versions of a record, as { field: { from, to } }.
 * For a create pass before = {}, for a delete pass after = {}. Password fields never appear.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (/password/i.test(key)) continue;
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from: shorten(from), to: shorten(to) };
  }
  return changes;
}

function nameColumns(name: AuditName): { entity_name: string | null; entity_name_ar: string | null } {
  if (name === null) return { entity_name: null, entity_name_ar: null };
  return typeof name === 'string' ? { entity_name: name, entity_name_ar: null } : { entity_name: name.en, entity_name_ar: name.ar };
}

/** The day after a YYYY-MM-DD day, as the ISO text the log's times are compared with. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `name` is the item's title or name as it is now (as it was, for a delete), so the log still
   * names it once the item is gone. Every call says it: null only for what has no name of its own
   * (the settings, a page text named by its type, the order of a list), which the dashboard words.
   */
  async record(user: AuditActor, action: AuditAction, entity: string, entityId: string, changes: Record<string, unknown>, name: AuditName): Promise<void> {
    await this.db.insertInto('audit_log').values({
      at: nowIso(),
      user_id: user.id,
      user_email: user.email,
      action,
      entity,
      entity_id: entityId,
      changes: JSON.stringify(changes),
      ...nameColumns(name),
    }).execute();
  }

  /** A change the server made by itself (a scheduled post published at its time). */
  async recordBySystem(action: AuditAction, entity: string, entityId: string, changes: Record<string, unknown>, name: AuditName): Promise<void> {
    await this.db.insertInto('audit_log').values({
      at: nowIso(), user_id: null, user_email: SYSTEM_ACTOR, action, entity, entity_id: entityId, changes: JSON.stringify(changes), ...nameColumns(name),
    }).execute();
  }

  /** A person is an account (its id) or, for changes made at the machine, the name the log gives them. */
  private async isAccount(person: string): Promise<boolean> {
    return (await this.db.selectFrom('audit_log').select('id').where('user_id', '=', person).limit(1).executeTakeFirst()) !== undefined;
  }

  private async filtered(filter: AuditFilter) {
    let query = this.db.selectFrom('audit_log');
    if (filter.person !== undefined) {
      // Two plain conditions rather than one OR, so each reads through its own index in time order.
      query = (await this.isAccount(filter.person))
        ? query.where('user_id', '=', filter.person)
        : query.where('user_id', 'is', null).where('user_email', '=', filter.person);
    }
    if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
    if (filter.from !== undefined) query = query.where('at', '>=', `${filter.from}T00:00:00.000Z`);
    if (filter.to !== undefined) query = query.where('at', '<', dayAfter(filter.to));
    return query;
  }

  /** Newest first, 20 a page, each entry with the person's name today and its item named (see item-names.ts). */
  async page(pageNumber: number, filter: AuditFilter = {}): Promise<AuditPage> {
    const filtered = await this.filtered(filter);
    const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await filtered
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .selectAll('audit_log').select('users.name as user_name')
      .orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc')
      .limit(AUDIT_PAGE_SIZE).offset((pageNumber - 1) * AUDIT_PAGE_SIZE)
      .execute();
    const logged = rows.map((row) => ({
      entity: row.entity, entityId: row.entity_id, storedName: row.entity_name, storedNameAr: row.entity_name_ar,
      changes: JSON.parse(row.changes) as Record<string, unknown>,
    }));
    const facts = await itemFacts(this.db, logged);
    return {
      total: Number(total),
      pages: Math.ceil(Number(total) / AUDIT_PAGE_SIZE),
      entries: rows.map((row, index) => ({
        _id: String(row.id),
        at: row.at,
        userId: row.user_id,
        userEmail: row.user_email,
        userName: row.user_name ?? null,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        entityName: facts[index].name,
        entityNameAr: facts[index].nameAr,
        exists: facts[index].exists,
        changes: logged[index].changes,
      })),
    };
  }

  /** Who appears in the log and which kinds of item, for the dashboard's filters. */
  async facets(): Promise<AuditFacets> {
    const people = await this.db.selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .select(['audit_log.user_id as userId', 'users.name as name', 'users.email as currentEmail'])
      .select((eb) => eb.fn.max('audit_log.user_email').as('email'))
      .groupBy(['audit_log.user_id', (eb) => eb.case().when('audit_log.user_id', 'is', null).then(eb.ref('audit_log.user_email')).end()])
      .execute();
    const entities = await this.db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute();
    return {
      people: people.map((row) => ({
        person: row.userId ?? String(row.email), userId: row.userId, email: row.currentEmail ?? String(row.email), name: row.name ?? null,
      })).sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email)),
      entities: entities.map((row) => row.entity),
    };
  }
}
