// docs/product-rules.md, Validation, create user: name max 32, email max 32, passwords 8..32 and equal.
export interface NewUserForm { name: string; email: string; password: string; confirmPassword: string }

export const EMPTY_USER_FORM: NewUserForm = { name: '', email: '', password: '', confirmPassword: '' };

export function validateNewUser(form: NewUserForm): Partial<Record<keyof NewUserForm, string>> {
  const errors: Partial<Record<keyof NewUserForm, string>> = {};
  if (!form.name.trim()) errors.name = 'users.nameRequired';
  else if (form.name.length > 32) errors.name = 'users.nameMax';
  if (!form.email.trim()) errors.email = 'login.emailRequired';
  else if (form.email.length > 32) errors.email = 'login.emailMax';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'login.emailInvalid';
  for (const field of ['password', 'confirmPassword'] as const) {
    const value = form[field];
    if (!value) errors[field] = 'login.passwordRequired';
    else if (value.length < 8) errors[field] = 'login.passwordMin';
    else if (value.length > 32) errors[field] = 'login.passwordMax';
  }
  if (!errors.confirmPassword && !errors.password && form.password !== form.confirmPassword) errors.confirmPassword = 'users.mismatch';
  return errors;
}
