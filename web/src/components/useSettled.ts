import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` milliseconds (typed text, before asking the server). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
