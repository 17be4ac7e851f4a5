// Unsaved form values kept in sessionStorage, so a save that ends in a login (expired or refused
// token) loses nothing: after logging in the user comes back to the form with their text.
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/useApi';

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
 * The values of a dashboard form, kept as a draft under `draftKey` while they differ from the saved
 * ones. With `loadPath` the saved record is loaded first and turned into form values by `toForm`;
 * a draft left from before a login wins over it, and `restored` says so.
 */
export function useDraftForm<Values, Answer>(draftKey: string, initial: Values, loadPath: string | null, toForm: (answer: Answer) => Values) {
  const saved = useApi<Answer>(loadPath);
  const [form, setForm] = useState<Values>(() => (loadPath === null ? readDraft<Values>(draftKey) : null) ?? initial);
  // The values as saved (or the defaults): a draft equal to them is no change worth keeping.
  const [base, setBase] = useState<Values>(initial);
  const [restored, setRestored] = useState(() => loadPath === null && readDraft(draftKey) !== null);

  // A newly loaded record becomes the form's base, and its values unless a draft wins. Adjusted
  // during render (not in an effect) so no render ever shows the record with the old values.
  const [appliedAnswer, setAppliedAnswer] = useState<Answer | null>(null);
  const freshAnswer = saved.loading ? null : saved.data;
  if (freshAnswer !== null && freshAnswer !== appliedAnswer) {
    setAppliedAnswer(freshAnswer);
    const values = toForm(freshAnswer);
    const draft = readDraft<Values>(draftKey);
    setBase(values);
    setForm(draft ?? values);
    setRestored(draft !== null);
  }

  // No draft is written under a key while the form still shows another record's values.
  const loading = saved.loading || (freshAnswer !== null && freshAnswer !== appliedAnswer);
  const loadError = saved.error;
  const changed = JSON.stringify(form) !== JSON.stringify(base);
  useEffect(() => {
    if (loading) return;
    if (changed) writeDraft(draftKey, form);
    else clearDraft(draftKey);
  }, [draftKey, form, changed, loading]);

  /** After a successful save: these values are now the saved ones, and no draft is kept. */
  const markSaved = useCallback((values: Values) => {
    clearDraft(draftKey);
    setBase(values);
  }, [draftKey]);

  return { form, setForm, base, loading, loadError, changed, restored, setRestored, markSaved };
}
