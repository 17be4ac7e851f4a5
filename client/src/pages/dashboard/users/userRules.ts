// docs/product-rules.md, Validation, create user: name max 32, email max 32, passwords 8..32 and equal.
// The same limits for editing an account, resetting a password and changing one's own. A form has
// up to three password fields, so their messages name the field ({{label}}: "Current password is required").
import type { UserRole } from '@shared/domain';

export interface NewUserForm { name: string; email: string; password: string; confirmPassword: string; role: UserRole }
export interface EditUserForm { name: string; email: string; role: UserRole }
export interface ResetPasswordForm { newPassword: string; confirmPassword: string }
export interface PasswordChangeForm { currentPassword: string; newPassword: string; confirmPassword: string }

type Errors<T> = Partial<Record<keyof T, string>>;

export const EMPTY_USER_FORM: NewUserForm = { name: '', email: '', password: '', confirmPassword: '', role: 'author' };
export const EMPTY_RESET_FORM: ResetPasswordForm = { newPassword: '', confirmPassword: '' };
export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function passwordError(value: string): string | undefined {
  if (!value) return 'errors.passwordRequired';
  if (value.length < 8) return 'errors.passwordMin';
  if (value.length > 32) return 'errors.passwordMax';
  return undefined;
}

function nameAndEmailErrors(form: { name: string; email: string }): Errors<{ name: string; email: string }> {
  const errors: Errors<{ name: string; email: string }> = {};
  if (!form.name.trim()) errors.name = 'users.nameRequired';
  else if (form.name.length > 32) errors.name = 'users.nameMax';
  if (!form.email.trim()) errors.email = 'login.emailRequired';
  else if (form.email.length > 32) errors.email = 'login.emailMax';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'login.emailInvalid';
  return errors;
}

/** Both password fields checked, then the confirmation compared with the first. */
function newPasswordErrors<K extends string>(password: string, confirm: string, passwordField: K): Partial<Record<K | 'confirmPassword', string>> {
  const errors: Partial<Record<K | 'confirmPassword', string>> = {};
  const first = passwordError(password);
  const second = passwordError(confirm);
  if (first) errors[passwordField] = first;
  if (second) errors.confirmPassword = second;
  if (!first && !second && password !== confirm) errors.confirmPassword = 'users.mismatch';
  return errors;
}

export function validateNewUser(form: NewUserForm): Errors<NewUserForm> {
  return { ...nameAndEmailErrors(form), ...newPasswordErrors(form.password, form.confirmPassword, 'password') };
}

export function validateEditUser(form: EditUserForm): Errors<EditUserForm> {
  return nameAndEmailErrors(form);
}

export function validateResetPassword(form: ResetPasswordForm): Errors<ResetPasswordForm> {
  return newPasswordErrors(form.newPassword, form.confirmPassword, 'newPassword');
}

export function validatePasswordChange(form: PasswordChangeForm): Errors<PasswordChangeForm> {
  const errors: Errors<PasswordChangeForm> = newPasswordErrors(form.newPassword, form.confirmPassword, 'newPassword');
  const current = passwordError(form.currentPassword);
  if (current) errors.currentPassword = current;
  else if (!errors.newPassword && form.newPassword === form.currentPassword) errors.newPassword = 'password.same';
  return errors;
}
