// The screen's buttons that are not forms (make the signing key, make a bundle, save the figures)
// are busy while they run and show what the server answered when they fail; the forms (settings, a
// file to send) place their errors by field instead.
import { useState } from 'react';

export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}
