import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget, validateLogin } from './loginRules';

describe('redirectTarget', () => {
  it('goes home without a query', () => expect(redirectTarget('')).toBe('/'));
  it('takes everything after the first equals sign', () => {
    expect(redirectTarget('?redirect=/dashboard/posts')).toBe('/dashboard/posts');
    expect(redirectTarget('?r=/search?keyword=a=b')).toBe('/search?keyword=a=b');
  });
  it('decodes an encoded path', () => expect(redirectTarget('?redirect=%2Fdashboard%2Fmaps')).toBe('/dashboard/maps'));
  it('refuses other hosts', () => {
    for (const bad of ['?redirect=//evil.example', '?redirect=%2F%2Fevil.example', '?redirect=https://evil.example',
      '?redirect=/\\evil.example', '?redirect=javascript:alert(1)', '?redirect=/%09/evil.example', '?redirect=%E0%A4%A']) {
      expect(redirectTarget(bad)).toBe('/');
    }
  });
  it('round-trips loginPathFor', () => {
    const login = loginPathFor('/dashboard/posts/abc?x=1');
    expect(redirectTarget(login.slice(login.indexOf('?')))).toBe('/dashboard/posts/abc?x=1');
  });
});

describe('validateLogin', () => {
  it('requires both fields', () => expect(validateLogin('', '')).toEqual({ email: 'login.emailRequired', password: 'login.passwordRequired' }));
  it('checks email shape and length', () => {
    expect(validateLogin('not-an-email', 'password1').email).toBe('login.emailInvalid');
    expect(validateLogin(`${'a'.repeat(30)}@x.org`, 'password1').email).toBe('login.emailMax');
  });
  it('checks password length', () => {
    expect(validateLogin('a@b.org', 'short').password).toBe('login.passwordMin');
    expect(validateLogin('a@b.org', 'x'.repeat(33)).password).toBe('login.passwordMax');
    expect(validateLogin('a@b.org', 'x'.repeat(8))).toEqual({});
  });
});
