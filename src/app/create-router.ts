import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router-dom';
import { createRoutes } from '@/app/route-table';
import { signedOutRedirect } from '@/app/signed-out-redirect';

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

/** The app's router; its loaders fill `queryClient`, the one the app renders with (src/app/start.tsx). */
export function createAppRouter(queryClient: QueryClient): AppDataRouter {
  let router: AppDataRouter | null = null;
  // Until the first page has loaded nothing of the app is on screen, so a loader may wait for its data there.
  const routes = createRoutes(queryClient, { starting: () => !router?.state.initialized });
  // A signed-out visitor's link to a signed-in page: /auth at once, before that page's code or data is asked for.
  const redirect = signedOutRedirect(routes, window.location);
  if (redirect) window.history.replaceState(null, '', redirect);
  router = createBrowserRouter(routes);
  return router;
}

/**
 * Resolves once the router has matched the URL and loaded the route modules (`lazy`). Hydrating prerendered
 * HTML before that would render the HydrateFallback spinner over the page: a mismatch.
 */
export function routerReady(router: AppDataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
