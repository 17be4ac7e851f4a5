import { Type, type Static } from 'typebox';
import { USER_ROLES } from '@shared/domain';
import { RequiredText } from '@shared/schemas';

// docs/product-rules.md, Validation: name, email and password at most 32 characters, password at least 8.
export const LIMITS = { nameMax: 32, emailMax: 32, passwordMin: 8, passwordMax: 32 } as const;

export const EmailSchema = Type.String({ format: 'email', minLength: 1, maxLength: LIMITS.emailMax });
export const PasswordSchema = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });
const Email = EmailSchema;
const Password = PasswordSchema;

/** What an administrator can make someone: 'author' or 'admin' (an admin is also an author). */
// Written out literal by literal (as USER_ROLES lists them): TypeBox infers a mapped union as never.
export const RoleSchema = Type.Union([Type.Literal('author'), Type.Literal('admin')]);
USER_ROLES satisfies readonly Static<typeof RoleSchema>[];

export const LoginBodySchema = Type.Object({
  email: Email,
  password: Password,
}, { additionalProperties: false });

export const CreateUserBodySchema = Type.Object({
  name: RequiredText(LIMITS.nameMax),
  email: Email,
  password: Password,
  confirmPassword: Type.Optional(Password),
  /** Chooses isAdmin and isAuthor together; the two flags stay accepted for older clients. */
  role: Type.Optional(RoleSchema),
  isAdmin: Type.Optional(Type.Boolean()),
  isAuthor: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const UpdateUserBodySchema = Type.Object({
  name: Type.Optional(RequiredText(LIMITS.nameMax)),
  email: Type.Optional(Email),
  role: Type.Optional(RoleSchema),
  /** false disables the account: no login, every token refused at once; posts stay theirs. */
  active: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, minProperties: 1 });

export const ResetPasswordBodySchema = Type.Object({
  newPassword: Password,
}, { additionalProperties: false });

export const ChangeOwnPasswordBodySchema = Type.Object({
  currentPassword: Password,
  newPassword: Password,
}, { additionalProperties: false });

export const UserSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isAuthor: Type.Boolean(),
  /** null for an account created with neither flag: it can log in but do no staff work. */
  role: Type.Union([RoleSchema, Type.Null()]),
  active: Type.Boolean(),
  /** Set by a reset: the user must choose a new password at the next login. */
  mustChangePassword: Type.Boolean(),
  /** Posts this user wrote: only users without posts can be deleted from the dashboard. */
  postCount: Type.Integer(),
  createdAt: Type.String(),
});

export const LoginAnswerSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isAuthor: Type.Boolean(),
  role: Type.Union([RoleSchema, Type.Null()]),
  /** true: this token is good only for PUT /api/users/me/password until a new password is chosen. */
  mustChangePassword: Type.Boolean(),
  token: Type.String(),
});

export type LoginBody = Static<typeof LoginBodySchema>;
export type CreateUserBody = Static<typeof CreateUserBodySchema>;
export type User = Static<typeof UserSchema>;
export type LoginAnswer = Static<typeof LoginAnswerSchema>;
