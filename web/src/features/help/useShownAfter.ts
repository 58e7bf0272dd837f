import { useEffect, useState } from 'react';

/** True once `ready` has stayed true for `delayMs` (a loading indicator that closes after a short delay). */
export function useShownAfter(ready: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs]);
  return ready && shown;
}
