import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` milliseconds (typed text, before asking the server). */
export function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
