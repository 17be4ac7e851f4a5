// The logged-in user (docs/product-rules.md: userInfo kept in the session and in localStorage, restored at start).
import { proxy } from 'valtio';
import type { LoginAnswer } from '@shared/api-types';

/** What the login answered, kept for the session. */
export type UserInfo = LoginAnswer;

const STORAGE_KEY = 'userInfo';
let storedTokenExpired = false;

function readStoredUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as UserInfo;
    if (!user || typeof user.token !== 'string' || isTokenExpired(user.token)) {
      // A token that ran out while the browser was closed: login says why it is asked for again.
      storedTokenExpired = Boolean(user && typeof user.token === 'string');
      localStorage.removeItem(STORAGE_KEY);
      return null;
    }
    return user;
  } catch {
    return null;
  }
}

/** Reads the JWT's exp claim without verifying it: the server is the judge, this only avoids a doomed request. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
  } catch {
    return true;
  }
}

export const session = proxy<{ userInfo: UserInfo | null; expired: boolean }>({
  userInfo: readStoredUser(),
  /** Set when the server refused the token: the app sends the user to login and back. */
  expired: storedTokenExpired,
});

export function storeUser(user: UserInfo): void {
  session.userInfo = user;
  session.expired = false;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
}

export function clearUser(): void {
  session.userInfo = null;
  localStorage.removeItem(STORAGE_KEY);
}

export function expireSession(): void {
  clearUser();
  session.expired = true;
}
