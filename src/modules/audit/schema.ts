import { Type, type Static } from 'typebox';
import { PageNumberSchema } from '@shared/schemas';

export const AuditEntrySchema = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  userEmail: Type.String(),
  /** The person's name today (null for changes made at the machine, or by a deleted account). */
  userName: Type.Union([Type.String(), Type.Null()]),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  entity: Type.String(),
  entityId: Type.String(),
  /** The item's title or name when it changed (English when it has two); for older rows, what the log or the item still says; null when nothing does. */
  entityName: Type.Union([Type.String(), Type.Null()]),
  /** The item's Arabic name when it has one of its own (emergency numbers). */
  entityNameAr: Type.Union([Type.String(), Type.Null()]),
  /** Whether the item is still there (the dashboard links to it). */
  exists: Type.Boolean(),
  changes: Type.Record(Type.String(), Type.Unknown()),
});

export const AuditPageSchema = Type.Object({ entries: Type.Array(AuditEntrySchema), pages: Type.Integer(), total: Type.Integer() });

const Day = (what: string) => Type.Optional(Type.String({ format: 'date', description: `${what} (YYYY-MM-DD, UTC), included` }));

export const AuditQuerySchema = Type.Object({
  pageNumber: Type.Optional(PageNumberSchema),
  person: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A user id, or the name the log gives a change made at the machine ("system", "command line on …")' })),
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The kind of item: post, city, emergency, contact, content, user, settings …' })),
  from: Day('First day'),
  to: Day('Last day'),
});

export const AuditPersonSchema = Type.Object({
  /** What the person filter sends: the user id, or the name of a change made at the machine. */
  person: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
});

export const AuditFacetsSchema = Type.Object({
  people: Type.Array(AuditPersonSchema),
  entities: Type.Array(Type.String()),
});

export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditAction = AuditEntry['action'];
export type AuditPage = Static<typeof AuditPageSchema>;
export type AuditQuery = Static<typeof AuditQuerySchema>;
export type AuditFacets = Static<typeof AuditFacetsSchema>;
