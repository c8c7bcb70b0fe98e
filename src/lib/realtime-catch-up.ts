import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterPaintWhenIdle } from '@/lib/when-idle';

/**
 * Reads `queryKey` again after a realtime channel has (re)subscribed: changes made before the feed was live
 * were never delivered. A read still in flight is awaited, not cancelled (invalidating would start it over:
 * on a first visit, the page's own first read, e.g. the newest messages, twice), and the catch-up read waits
 * until the browser has painted and is idle, so it never competes with the page's first reads and render.
 * Returns a cancel for the effect's cleanup (or the next subscribe).
 */
export function catchUpAfterSubscribe(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let cancelled = false;
  let stopWaiting = () => {};
  const fetching = () => queryClient.isFetching({ queryKey }) > 0;
  const start = () => {
    stopWaiting();
    stopWaiting = afterPaintWhenIdle(() => {
      if (!cancelled) void queryClient.invalidateQueries({ queryKey });
    });
  };
  if (fetching()) {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (cancelled || fetching()) return;
      unsubscribe();
      start();
    });
    stopWaiting = unsubscribe;
  } else {
    start();
  }
  return () => {
    cancelled = true;
    stopWaiting();
  };
}
