import { Type, type Static } from 'typebox';
import { RequiredText } from '@shared/schemas';

import { CONTACT_TYPES, type ContactType } from '@shared/domain';

export { CONTACT_TYPES, type ContactType };
/** Types whose value is a link to a profile page. */
export const SOCIAL_TYPES: readonly ContactType[] = ['facebook', 'twitter', 'instagram', 'youtube', 'linkedin'];
export const VALUE_MAX = 300;

// Written out literal by literal: TypeBox infers a mapped union as never.
const ContactTypeSchema = Type.Union([
  Type.Literal('phone'), Type.Literal('email'), Type.Literal('facebook'), Type.Literal('twitter'),
  Type.Literal('instagram'), Type.Literal('youtube'), Type.Literal('linkedin'),
]);

export const ContactBodySchema = Type.Object({
  type: ContactTypeSchema,
  value: RequiredText(VALUE_MAX),
}, { additionalProperties: false });

export const ContactSchema = Type.Object({
  _id: Type.String(),
  type: ContactTypeSchema,
  value: Type.String(),
});

/** Ids are opaque: anything that is not a known id is simply not found (404). */
export const ContactIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 500 }) });

export type ContactBody = Static<typeof ContactBodySchema>;
export type Contact = Static<typeof ContactSchema>;
