import { createBrowserRouter } from 'react-router-dom';
import { signedOutRedirect } from '@/app/signed-out-redirect';
import { routes } from '@/app/route-table';

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppDataRouter {
  // A signed-out visitor's link to a signed-in page: /auth at once, before that page's code or data is asked for.
  const redirect = signedOutRedirect(routes, window.location);
  if (redirect) window.history.replaceState(null, '', redirect);
  return createBrowserRouter(routes);
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
