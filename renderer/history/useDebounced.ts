// Debounce for inputs that trigger queries (search box, what-if), so typing does not flood the core.
import { useEffect, useState } from 'react';

/** The value, updated only after it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
