// False while the page hydrates (and on the server), true afterwards. Whatever depends on the
// browser alone (localStorage, the window's width, the local clock, the login) renders as the
// server did first, then React renders it again with the browser's value: no hydration mismatch.
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}
