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
export function catchUpAfterSubscribe(
  queryClient: QueryClient,
  queryKey: QueryKey,
  readAgain: () => void = () => void queryClient.invalidateQueries({ queryKey }),
): () => void {
  let cancelled = false;
  let stopWaiting = () => {};
  const catchUp = () => {
    stopWaiting = whenPageSettled(
      queryClient,
      () => {
        if (!cancelled) readAgain();
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

/**
 * What a realtime change does to its query: read it again, but never start over a read in flight. Invalidating
 * cancels a read in flight, and for a paged list that read may be the user's Load more: the list would be read
 * again with the pages it had, and the page asked for would be lost (a burst of new notifications did so). A change
 * that arrives during a read is read after it, once for the whole burst. `stop` drops a read still waiting.
 */
export function liveRefresher(queryClient: QueryClient, queryKey: QueryKey): { refresh: () => void; stop: () => void } {
  let stopWaiting: (() => void) | null = null;
  const inFlight = () => queryClient.isFetching({ queryKey }) > 0;
  const readAgain = () => void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  return {
    refresh() {
      if (!inFlight()) return readAgain();
      if (stopWaiting) return;
      stopWaiting = queryClient.getQueryCache().subscribe(() => {
        if (inFlight()) return;
        stopWaiting?.();
        stopWaiting = null;
        readAgain();
      });
    },
    stop() {
      stopWaiting?.();
      stopWaiting = null;
    },
  };
}
