import { Type, type Static } from 'typebox';
import { RequiredText } from '../../shared/schemas';

// docs/product-rules.md, Validation: name, email and password at most 32 characters, password at least 8.
export const LIMITS = { nameMax: 32, emailMax: 32, passwordMin: 8, passwordMax: 32 } as const;

const Email = Type.String({ format: 'email', minLength: 1, maxLength: LIMITS.emailMax });
const Password = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });

export const LoginBodySchema = Type.Object({
  email: Email,
  password: Password,
}, { additionalProperties: false });

export const CreateUserBodySchema = Type.Object({
  name: RequiredText(LIMITS.nameMax),
  email: Email,
  password: Password,
  confirmPassword: Type.Optional(Password),
  isAdmin: Type.Optional(Type.Boolean({ default: false })),
  isAuthor: Type.Optional(Type.Boolean({ default: true })),
}, { additionalProperties: false });

export const UserSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isAuthor: Type.Boolean(),
  createdAt: Type.String(),
});

export const LoginAnswerSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isAuthor: Type.Boolean(),
  token: Type.String(),
});

export type LoginBody = Static<typeof LoginBodySchema>;
export type CreateUserBody = Static<typeof CreateUserBodySchema>;
export type User = Static<typeof UserSchema>;
export type LoginAnswer = Static<typeof LoginAnswerSchema>;
