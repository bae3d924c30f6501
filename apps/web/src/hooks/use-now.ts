import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (a minute unless told), so remaining times and
 * countdowns move while the page is open.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
