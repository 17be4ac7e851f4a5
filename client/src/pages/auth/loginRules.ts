// Pure rules of the login page (docs/product-rules.md, Screens and Validation), kept apart so unit tests can check them.

export const LOGIN_LIMITS = { emailMax: 32, passwordMin: 8, passwordMax: 32 } as const;

// Deliberately simple: the server is the real judge; this only spares a doomed request.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginErrorKey =
  | 'login.emailRequired' | 'login.emailInvalid' | 'login.emailMax'
  | 'login.passwordRequired' | 'login.passwordMin' | 'login.passwordMax';

export function validateLogin(email: string, password: string): { email?: LoginErrorKey; password?: LoginErrorKey } {
  const errors: { email?: LoginErrorKey; password?: LoginErrorKey } = {};
  if (!email.trim()) errors.email = 'login.emailRequired';
  else if (email.length > LOGIN_LIMITS.emailMax) errors.email = 'login.emailMax';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'login.emailInvalid';
  if (!password) errors.password = 'login.passwordRequired';
  else if (password.length < LOGIN_LIMITS.passwordMin) errors.password = 'login.passwordMin';
  else if (password.length > LOGIN_LIMITS.passwordMax) errors.password = 'login.passwordMax';
  return errors;
}

/**
 * docs/product-rules.md: after login go to the address after the first '=' of the query string, else '/'.
 * Only a path on this site is accepted: '//host' and '/\host' are read by browsers as other hosts.
 */
export function redirectTarget(search: string): string {
  const equals = search.indexOf('=');
  if (equals < 0) return '/';
  let target = search.slice(equals + 1);
  try {
    target = decodeURIComponent(target);
  } catch {
    return '/';
  }
  const sameSite = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    // Control characters (tab, newline) are dropped by URL parsers and could turn '/\t/evil' into '//evil'.
    && !/[\u0000-\u001f\u007f]/.test(target);
  return sameSite ? target : '/';
}

/** The login address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login_page_2022?redirect=${encodeURIComponent(path)}`;
}
