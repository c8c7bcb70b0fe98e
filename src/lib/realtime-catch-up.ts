import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { whenPageSettled } from '@/lib/page-settled';

/** Longest a catch-up waits for the page's other reads (its own read in flight is always awaited). */
const OTHERS_CAP_MS = 5000;

/**
 * Reads `queryKey` again after a realtime channel has (re)subscribed: changes made before the feed was live
 * were never delivered. A read of that query still in flight is awaited, not cancelled (invalidating would
 * start it over: on a first visit, the page's own first read, e.g. the newest messages, twice). The catch-up
 * read then waits for the page to settle (`whenPageSettled`: its other reads, at most 5 s, and a painted, idle
 * moment), so it never competes with what the page needs to show itself. Returns a cancel for the effect's
 * cleanup (or the next subscribe).
 */
export function catchUpAfterSubscribe(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let cancelled = false;
  let stopWaiting = () => {};
  const catchUp = () => {
    stopWaiting = whenPageSettled(
      queryClient,
      () => {
        if (!cancelled) void queryClient.invalidateQueries({ queryKey });
      },
      OTHERS_CAP_MS,
    );
  };
  const ownReadInFlight = () => queryClient.isFetching({ queryKey }) > 0;
  if (ownReadInFlight()) {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (cancelled || ownReadInFlight()) return;
      unsubscribe();
      catchUp();
    });
    stopWaiting = unsubscribe;
  } else {
    catchUp();
  }
  return () => {
    cancelled = true;
    stopWaiting();
  };
}
