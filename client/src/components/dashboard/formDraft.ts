// Unsaved form values kept in sessionStorage, so a save that ends in a login (expired or refused
// token) loses nothing: after logging in the user comes back to the form with their text.
import { useEffect } from 'react';

const PREFIX = 'dashboardDraft:';

export function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, only without this safety net.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Keeps `value` stored under `key` while it differs from `base` (the loaded or default values) and
 * drops it once they agree again. `ready` is false while the base is still loading.
 */
export function useDraftSync(key: string, value: unknown, base: unknown, ready: boolean): boolean {
  const changed = JSON.stringify(value) !== JSON.stringify(base);
  useEffect(() => {
    if (!ready) return;
    if (changed) writeDraft(key, value);
    else clearDraft(key);
  }, [key, value, changed, ready]);
  return changed;
}
