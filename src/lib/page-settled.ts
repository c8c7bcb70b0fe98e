import type { QueryClient } from '@tanstack/react-query';
import { afterPaintWhenIdle } from '@/lib/when-idle';

/** Loading of the first page that React Query does not see: the router's route modules and loaders. */
const pageLoads = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();

/** Registers the loading of the page being opened (e.g. the router's first match), until it settles. */
export function trackPageLoad(load: Promise<unknown>): void {
  pageLoads.add(load);
  const done = () => {
    pageLoads.delete(load);
    for (const listener of [...listeners]) listener();
  };
  load.then(done, done);
}

/**
 * Runs `run` once the page being opened has loaded (its route, its loaders, every query in flight), has painted
 * and the browser is idle: for background work the page does not need to show itself (a restored
 * session's account check, a realtime channel's catch-up read), so it never competes with the page's own reads and first render. Capped by
 * `capMs` (a page that keeps fetching still gets it done). Returns a cancel.
 */
export function whenPageSettled(queryClient: QueryClient, run: () => void, capMs = 5000): () => void {
  const deadline = Date.now() + capMs;
  let cancelled = false;
  let stopWaiting = () => {};
  const busy = () => Date.now() < deadline && (pageLoads.size > 0 || queryClient.isFetching() > 0);

  const settle = () => {
    stopWaiting();
    if (cancelled) return;
    if (busy()) {
      waitForChange();
      return;
    }
    // Something may start between now and the idle moment (a page renders and mounts its queries): look again.
    stopWaiting = afterPaintWhenIdle(() => {
      if (cancelled) return;
      if (busy()) waitForChange();
      else run();
    });
  };

  function waitForChange() {
    const check = () => {
      if (!busy()) settle();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    listeners.add(check);
    const cap = setTimeout(settle, Math.max(0, deadline - Date.now()));
    stopWaiting = () => {
      unsubscribe();
      listeners.delete(check);
      clearTimeout(cap);
    };
  }

  settle();
  return () => {
    cancelled = true;
    stopWaiting();
  };
}
