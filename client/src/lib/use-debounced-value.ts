import { useEffect, useState } from 'react';

/** How long typing must pause before a search is sent. */
export const SEARCH_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `delay` ms (a search sent when the user pauses, not per key). */
export function useDebouncedValue<Value>(value: Value, delay = SEARCH_PAUSE_MS): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
