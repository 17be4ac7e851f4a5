import { Type, type Static } from 'typebox';
import { RequiredText, UploadPathSchema } from '@shared/schemas';

import { EMERGENCY_TYPES, type EmergencyType } from '@shared/domain';

export { EMERGENCY_TYPES, type EmergencyType };
export const LIMITS = { valueMax: 32, nameMax: 100 } as const;
/** A number to dial: "533", "+964 770 000-0901". */
export const NUMBER_PATTERN = /^[0-9 +-]+$/;

const EmergencyTypeSchema = Type.Union([Type.Literal('Emergency'), Type.Literal('VOT')]);

export const EmergencyTypeParamsSchema = Type.Object({ type: EmergencyTypeSchema });
/** Ids are opaque: anything that is not a known id is simply not found (404). */
export const EmergencyIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 500 }) });

export const EmergencyBodySchema = Type.Object({
  type: EmergencyTypeSchema,
  value: RequiredText(LIMITS.valueMax),
  nameEN: RequiredText(LIMITS.nameMax),
  nameAR: RequiredText(LIMITS.nameMax),
  icon: Type.Optional(UploadPathSchema),
}, { additionalProperties: false });

/** The whole list in its new order: every item's id once (the dashboard's move up and down). */
export const EmergencyOrderBodySchema = Type.Object({
  ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000, description: 'Every emergency contact id, each once, first to last' }),
}, { additionalProperties: false });

export const EmergencySchema = Type.Object({
  _id: Type.String(),
  type: EmergencyTypeSchema,
  value: Type.String(),
  nameEN: Type.String(),
  nameAR: Type.String(),
  icon: Type.String(),
});

export type EmergencyBody = Static<typeof EmergencyBodySchema>;
export type Emergency = Static<typeof EmergencySchema>;
export interface EmergencyInput {
  type: EmergencyType;
  value: string;
  nameEN: string;
  nameAR: string;
  icon?: string;
}
