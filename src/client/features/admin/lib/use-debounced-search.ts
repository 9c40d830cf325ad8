import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing must pause before a list's search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text: what is typed shows at once and is committed (trimmed) once typing pauses.
 * When `committed` changes from elsewhere (Clear, Back), the box follows it. Answers the text and
 * its setter, for the input's value and onChange.
 */
export function useDebouncedSearch(committed: string, onCommit: (value: string) => void) {
  const [value, setValue] = useState(committed);
  // The search this box last sent or was given; a different `committed` came from elsewhere.
  const [synced, setSynced] = useState(committed);
  if (committed !== synced) {
    setSynced(committed);
    setValue(committed);
  }
  const commit = useEffectEvent((next: string) => {
    setSynced(next);
    onCommit(next);
  });
  useEffect(() => {
    const next = value.trim();
    if (next === synced) return;
    const timer = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, synced]);
  return [value, setValue] as const;
}
