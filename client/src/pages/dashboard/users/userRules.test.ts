import { describe, expect, it } from 'vitest';
import { validateEditUser, validateNewUser, validatePasswordChange, validateResetPassword } from './userRules';

const valid = { name: 'Staff', email: 'staff@example.org', password: 'password-1', confirmPassword: 'password-1', role: 'author' as const };

describe('validateNewUser', () => {
  it('accepts a complete form', () => expect(validateNewUser(valid)).toEqual({}));
  it('refuses different passwords with the spec message key', () => {
    expect(validateNewUser({ ...valid, confirmPassword: 'password-2' })).toEqual({ confirmPassword: 'users.mismatch' });
  });
  it('applies the length limits', () => {
    expect(validateNewUser({ ...valid, name: 'n'.repeat(33) }).name).toBe('users.nameMax');
    expect(validateNewUser({ ...valid, password: 'short', confirmPassword: 'short' })).toMatchObject({ password: 'errors.passwordMin' });
    expect(validateNewUser({ ...valid, name: ' ' }).name).toBe('users.nameRequired');
  });
});

describe('validateEditUser', () => {
  it('checks name and email only', () => {
    expect(validateEditUser({ name: 'Staff', email: 'staff@example.org', role: 'admin' })).toEqual({});
    expect(validateEditUser({ name: '', email: 'not-an-address', role: 'admin' })).toEqual({ name: 'users.nameRequired', email: 'login.emailInvalid' });
  });
});

describe('validateResetPassword', () => {
  it('needs a valid password typed twice', () => {
    expect(validateResetPassword({ newPassword: 'temporary-1', confirmPassword: 'temporary-1' })).toEqual({});
    expect(validateResetPassword({ newPassword: 'temporary-1', confirmPassword: 'temporary-2' })).toEqual({ confirmPassword: 'users.mismatch' });
    expect(validateResetPassword({ newPassword: '', confirmPassword: '' })).toEqual({ newPassword: 'errors.passwordRequired', confirmPassword: 'errors.passwordRequired' });
  });
});

describe('validatePasswordChange', () => {
  const change = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
  it('accepts a new password typed twice', () => expect(validatePasswordChange(change)).toEqual({}));
  it('refuses keeping the same password, a missing current one and a mismatch', () => {
    expect(validatePasswordChange({ ...change, newPassword: 'old-password', confirmPassword: 'old-password' })).toEqual({ newPassword: 'password.same' });
    expect(validatePasswordChange({ ...change, currentPassword: '' })).toEqual({ currentPassword: 'errors.passwordRequired' });
    expect(validatePasswordChange({ ...change, confirmPassword: 'new-passwore' })).toEqual({ confirmPassword: 'users.mismatch' });
  });
});
