import { useEffect, useState } from 'react';

/** A value once it has stopped changing for `delayMs` (typing in a search box asks the server once). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Typing settles this long before a list is asked again. */
export const SEARCH_DELAY_MS = 300;
