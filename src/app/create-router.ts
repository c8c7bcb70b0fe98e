import { createBrowserRouter } from 'react-router-dom';
import { routes } from '@/app/route-table';

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppDataRouter {
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
