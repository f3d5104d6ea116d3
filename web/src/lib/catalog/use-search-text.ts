import { useEffect, useState } from 'react';

/**
 * A list page's search box: the text as typed, sent to the address (`onSearch`) once typing pauses for
 * `debounceMs` and only from `minLength` characters; when the address changes under the box (Clear,
 * Back), the box shows what it searches for now.
 */
export function useSearchText(
  searched: string | undefined,
  onSearch: (q: string | undefined) => void,
  { debounceMs, minLength }: { debounceMs: number; minLength: number },
) {
  const [text, setText] = useState(searched ?? '');
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    if ((searched ?? '') !== text.trim()) setText(searched ?? '');
  }

  useEffect(() => {
    const trimmed = text.trim();
    const wanted = trimmed.length >= minLength ? trimmed : undefined;
    if (wanted === searched) return;
    const timer = setTimeout(() => onSearch(wanted), debounceMs);
    return () => clearTimeout(timer);
  }, [text, searched, onSearch, debounceMs, minLength]);

  return [text, setText] as const;
}
