import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterPaintWhenIdle } from '@/lib/when-idle';

/** Longest a catch-up waits for the page's other reads (its own read in flight is always awaited). */
const OTHERS_CAP_MS = 5000;

/**
 * Reads `queryKey` again after a realtime channel has (re)subscribed: changes made before the feed was live
 * were never delivered. A read of that query still in flight is awaited, not cancelled (invalidating would
 * start it over: on a first visit, the page's own first read, e.g. the newest messages, twice). The catch-up
 * read also waits for the page's other reads to finish (up to 5 s) and then for a painted, idle moment, so it
 * never competes with what the page needs to show itself. Returns a cancel for the effect's cleanup (or the
 * next subscribe).
 */
export function catchUpAfterSubscribe(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let cancelled = false;
  let othersCapped = false;
  let stopWaiting = () => {};
  const busy = () => queryClient.isFetching({ queryKey }) > 0 || (!othersCapped && queryClient.isFetching() > 0);
  const start = () => {
    stopWaiting();
    stopWaiting = afterPaintWhenIdle(() => {
      if (!cancelled) void queryClient.invalidateQueries({ queryKey });
    });
  };
  if (busy()) {
    const check = () => {
      if (cancelled || busy()) return;
      unsubscribe();
      clearTimeout(cap);
      start();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    const cap = setTimeout(() => {
      othersCapped = true;
      check();
    }, OTHERS_CAP_MS);
    stopWaiting = () => {
      unsubscribe();
      clearTimeout(cap);
    };
  } else {
    start();
  }
  return () => {
    cancelled = true;
    stopWaiting();
  };
}
