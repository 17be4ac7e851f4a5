import { useCallback, useState } from 'react';

/** Counts uploads in flight across a form's fields, so the save button can wait for all of them. */
export function useBusyCounter() {
  const [count, setCount] = useState(0);
  const onBusyChange = useCallback((busy: boolean) => setCount((value) => Math.max(0, value + (busy ? 1 : -1))), []);
  return { busy: count > 0, onBusyChange };
}
