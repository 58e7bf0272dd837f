import { useEffect, useState } from 'react';

/** Wait this long after the last keystroke before searching. Chosen: not in spec. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A list's full-text search box: what the user typed, and the trimmed keyword once typing has paused. */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, keyword };
}
