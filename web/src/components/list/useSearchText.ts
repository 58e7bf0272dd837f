import { useEffect, useState } from 'react';

/** Wait this long after the last keystroke before searching. Chosen: not in spec. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Search words kept outside the box (in the URL): the keyword searched and how to change it. */
export interface SearchKeyword {
  keyword: string;
  onKeyword(keyword: string): void;
}

/**
 * A list's full-text search box: what the user typed, and the trimmed keyword once typing has paused. With `kept`,
 * the keyword is the kept one (the box shows it when it changes elsewhere, e.g. Back) and typing changes it.
 */
export function useSearchText(kept?: SearchKeyword) {
  const [typed, setTyped] = useState(kept?.keyword ?? '');
  const [ownKeyword, setOwnKeyword] = useState(kept?.keyword ?? '');
  const keptKeyword = kept?.keyword;
  const onKeyword = kept?.onKeyword;
  useEffect(() => {
    const timer = setTimeout(() => {
      const keyword = typed.trim();
      if (onKeyword) {
        if (keyword !== keptKeyword) onKeyword(keyword);
      } else setOwnKeyword(keyword);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing searches: a kept keyword changed elsewhere is shown below, not written back.
  }, [typed]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (keptKeyword !== undefined) setTyped((current) => (current.trim() === keptKeyword ? current : keptKeyword));
  }, [keptKeyword]);
  return { typed, setTyped, keyword: keptKeyword ?? ownKeyword };
}
