import { useEffect, useRef, useState } from 'react';

/** Wait this long after the last keystroke before searching. Chosen: not in spec. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Where a list keeps its searched words (its URL), when it keeps them outside the search box. */
export interface SearchedWords {
  searched: string;
  onSearch(words: string): void;
}

/**
 * A list's full-text search box: what the user typed, and the trimmed keyword once typing has paused. Given the
 * list's searched words, the keyword is theirs: the box starts with them and shows them again when they change
 * from outside (a link, Back, clear all), and `onSearch` receives the words typed.
 */
export function useSearchText(words?: SearchedWords) {
  const [ownKeyword, setOwnKeyword] = useState('');
  const keyword = words ? words.searched : ownKeyword;
  const [typed, setTyped] = useState(keyword);
  const [shown, setShown] = useState(keyword);
  const [sent, setSent] = useState(keyword);
  if (shown !== keyword) {
    setShown(keyword);
    if (keyword !== sent) {
      setSent(keyword);
      setTyped(keyword);
    }
  }

  const search = words?.onSearch ?? setOwnKeyword;
  const latest = useRef({ keyword, search });
  useEffect(() => {
    latest.current = { keyword, search };
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = typed.trim();
      if (next === latest.current.keyword) return;
      setSent(next);
      latest.current.search(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, keyword };
}
