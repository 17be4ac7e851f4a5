// The screen's actions (make a bundle, save the figures, save the settings, send a file) are busy
// while they run and show what the server answered when they fail.
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
