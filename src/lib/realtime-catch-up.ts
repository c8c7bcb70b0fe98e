import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Calls `run` once the browser has painted its next frame; capped, since a background tab paints none. */
function afterNextPaint(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const cap = setTimeout(once, 1000);
  const frame = requestAnimationFrame(() => setTimeout(once, 0));
  return () => {
    done = true;
    clearTimeout(cap);
    cancelAnimationFrame(frame);
  };
}

/**
 * Reads `queryKey` again after a realtime channel has (re)subscribed: changes made before the feed was live
 * were never delivered. A read still in flight is awaited, not cancelled (invalidating would start it over:
 * on a first visit, the page's own first read, e.g. the newest messages, twice), and the catch-up read waits
 * until the browser has painted what that read brought, so it never competes with the page's first render.
 * Returns a cancel for the effect's cleanup (or the next subscribe).
 */
export function catchUpAfterSubscribe(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let cancelled = false;
  let stopWaiting = () => {};
  const fetching = () => queryClient.isFetching({ queryKey }) > 0;
  const start = () => {
    stopWaiting();
    stopWaiting = afterNextPaint(() => {
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
