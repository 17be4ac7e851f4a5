import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '@shared/ids';
import type { AuditAction, AuditEntry } from './schema';

export type { AuditAction, AuditEntry };

/**
 * Who made a change: a logged-in user, or someone at the machine itself (the recovery command or the
 * desktop app), who has no user id and is named by where they acted, e.g. "command line on office-pc".
 */
export interface AuditActor {
  id: string | null;
  email: string;
}

const AUDIT_PAGE_SIZE = 20;
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

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(user: AuditActor, action: AuditAction, entity: string, entityId: string, changes: Record<string, unknown>): Promise<void> {
    await this.db.insertInto('audit_log').values({
      at: nowIso(),
      user_id: user.id,
      user_email: user.email,
      action,
      entity,
      entity_id: entityId,
      changes: JSON.stringify(changes),
    }).execute();
  }

  /** A change the server made by itself (a scheduled post published at its time). */
  async recordBySystem(action: AuditAction, entity: string, entityId: string, changes: Record<string, unknown>): Promise<void> {
    await this.db.insertInto('audit_log').values({
      at: nowIso(), user_id: null, user_email: SYSTEM_ACTOR, action, entity, entity_id: entityId, changes: JSON.stringify(changes),
    }).execute();
  }

  async page(pageNumber: number): Promise<{ entries: AuditEntry[]; pages: number }> {
    const { total } = await this.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await this.db.selectFrom('audit_log').selectAll()
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE).offset((pageNumber - 1) * AUDIT_PAGE_SIZE)
      .execute();
    return {
      pages: Math.ceil(Number(total) / AUDIT_PAGE_SIZE),
      entries: rows.map((row) => ({
        _id: String(row.id),
        at: row.at,
        userId: row.user_id,
        userEmail: row.user_email,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        changes: JSON.parse(row.changes) as Record<string, unknown>,
      })),
    };
  }
}
