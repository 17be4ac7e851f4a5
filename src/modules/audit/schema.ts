import { Type, type Static } from 'typebox';

export const AuditEntrySchema = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  userEmail: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  entity: Type.String(),
  entityId: Type.String(),
  changes: Type.Record(Type.String(), Type.Unknown()),
});

export const AuditPageSchema = Type.Object({ entries: Type.Array(AuditEntrySchema), pages: Type.Integer() });

export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditAction = AuditEntry['action'];
export type AuditPage = Static<typeof AuditPageSchema>;
