import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { routeLoaders } from '@/app/route-loaders';
import { createQueryClient } from '@/lib/query-client';

/**
 * For a signed-in visitor opening a page directly (src/main.tsx): makes the app's QueryClient and runs the route
 * loader matching the URL into it at once, while React, the router and the page's code still download. The router
 * runs the same loader again once it exists, and React Query joins the reads in flight, so nothing is asked twice
 * and nothing is handed over: the app renders with this client. Measured on the project page (ADR 0021): the reads
 * leave 100–150 ms earlier and the page shows about 60 ms sooner than when they wait for the router.
 */
export function startEarly(pathname: string): { queryClient: QueryClient; started: Promise<void> } {
  const queryClient = createQueryClient();
  const loads = Object.entries(routeLoaders).flatMap(([path, load]) => {
    const match = matchPath(path, pathname);
    return match ? [load(queryClient, match.params, { waitMs: 0 }).catch(() => undefined)] : [];
  });
  // Resolves once the matching loader has started its reads (not when they answer).
  return { queryClient, started: Promise.all(loads).then(() => undefined) };
}
