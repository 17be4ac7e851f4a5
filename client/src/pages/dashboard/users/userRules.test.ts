import { describe, expect, it } from 'vitest';
import { validateNewUser } from './userRules';

const valid = { name: 'Staff', email: 'staff@example.org', password: 'password-1', confirmPassword: 'password-1' };

describe('validateNewUser', () => {
  it('accepts a complete form', () => expect(validateNewUser(valid)).toEqual({}));
  it('refuses different passwords with the spec message key', () => {
    expect(validateNewUser({ ...valid, confirmPassword: 'password-2' })).toEqual({ confirmPassword: 'users.mismatch' });
  });
  it('applies the length limits', () => {
    expect(validateNewUser({ ...valid, name: 'n'.repeat(33) }).name).toBe('users.nameMax');
    expect(validateNewUser({ ...valid, password: 'short', confirmPassword: 'short' })).toMatchObject({ password: 'login.passwordMin' });
    expect(validateNewUser({ ...valid, name: ' ' }).name).toBe('users.nameRequired');
  });
});
