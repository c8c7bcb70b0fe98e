import { useEffect, useState } from 'react';

/**
 * The time, read again every `everyMs`: an order's page changes with the clock alone (a confirmed pickup time
 * ends and "They didn't come" appears; the 48 hours to report a problem run out) without any row changing.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
