import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, type RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '@/app/protected-route';
import { routeLoaders } from '@/app/route-loaders';
import { RouteError } from '@/app/route-error';
import { RootLayout } from '@/app/routes/root';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths } from '@/config/paths';

/** Longest the project page's first render waits for its reads on a cold start (then its panels show spinners). */
const COLD_START_WAIT_MS = 1500;

type RouteOptions = {
  /** True while the app starts (nothing of it on screen yet): a loader may wait for its reads then. */
  starting?: () => boolean;
};

/**
 * The app's routes. Every page is its own chunk (docs/architecture.md, Performance rules): only the shell and the
 * visited page are downloaded. Loaders read into `queryClient`, the one the app renders with, using the query
 * options of the page's own hooks, so the page finds its data in the cache.
 */
export function createRoutes(queryClient: QueryClient, { starting = () => false }: RouteOptions = {}): RouteObject[] {
  // The route's loader (src/app/route-loaders.ts), given beside `lazy` so it runs while the page's code downloads (one
  // exported by the page's module would wait for it). When the app starts on the page it also waits (at most 1.5 s)
  // for the reads, so the page renders once, with its data (ADR 0021).
  const loader =
    (path: string): LoaderFunction =>
    async ({ params }) => {
      await routeLoaders[path]?.(queryClient, params, { waitMs: starting() ? COLD_START_WAIT_MS : 0 });
      return null;
    };
  return [
    {
      path: paths.home.path,
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: PageSpinner,
      children: [
        {
          // Errors of a page render inside the shell, so the navigation stays usable.
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: () => import('@/app/routes/landing') },
            { path: paths.auth.path, lazy: () => import('@/app/routes/auth') },
            { path: paths.pricing.path, lazy: () => import('@/app/routes/pricing') },
            { path: paths.paymentSuccess.path, lazy: () => import('@/app/routes/payment-success') },
            // Signed in with a password but not yet with the second factor: outside the guard, which sends here.
            { path: paths.mfa.path, lazy: () => import('@/app/routes/mfa') },
            // A mail's unsubscribe link works signed out (the token is the permission).
            { path: paths.unsubscribe.path, lazy: () => import('@/app/routes/unsubscribe') },
            {
              element: <ProtectedRoute />,
              children: [
                { path: paths.designers.path, lazy: () => import('@/app/routes/designers') },
                { path: paths.browseDesigners.path, lazy: () => import('@/app/routes/browse-designers') },
                { path: paths.designerNudges.path, lazy: () => import('@/app/routes/designer-nudges') },
                { path: paths.designer.path, lazy: () => import('@/app/routes/designer') },
                { path: paths.designerReviews.path, lazy: () => import('@/app/routes/designer-reviews') },
                { path: paths.profile.customer.path, lazy: () => import('@/app/routes/profile-customer') },
                { path: paths.profile.designer.path, lazy: () => import('@/app/routes/profile-designer') },
                { path: paths.dashboard.customer.path, lazy: () => import('@/app/routes/dashboard-customer') },
                { path: paths.dashboard.designer.path, lazy: () => import('@/app/routes/dashboard-designer') },
                {
                  path: paths.project.path,
                  loader: loader(paths.project.path),
                  lazy: () => import('@/app/routes/project'),
                },
                { path: paths.portfolio.path, lazy: () => import('@/app/routes/portfolio') },
                { path: paths.portfolioOfDesigner.path, lazy: () => import('@/app/routes/portfolio') },
                { path: paths.listVintage.path, lazy: () => import('@/app/routes/list-vintage') },
                { path: paths.goodStuff.path, lazy: () => import('@/app/routes/good-stuff') },
                { path: paths.myListings.path, lazy: () => import('@/app/routes/my-listings') },
                {
                  path: paths.goodStuffItem.path,
                  loader: loader(paths.goodStuffItem.path),
                  lazy: () => import('@/app/routes/good-stuff-item'),
                },
                { path: paths.editListing.path, lazy: () => import('@/app/routes/edit-listing') },
                {
                  path: paths.listingConversation.path,
                  lazy: () => import('@/app/routes/listing-conversation'),
                },
                { path: paths.saved.path, lazy: () => import('@/app/routes/saved') },
                { path: paths.settings.path, lazy: () => import('@/app/routes/settings') },
                { path: paths.notifications.path, lazy: () => import('@/app/routes/notifications') },
                { path: paths.sandboxCheckout.path, lazy: () => import('@/app/routes/sandbox-checkout') },
                { path: paths.sandboxPortal.path, lazy: () => import('@/app/routes/sandbox-portal') },
                { path: paths.sandboxConnect.path, lazy: () => import('@/app/routes/sandbox-connect') },
                { path: paths.sandboxPay.path, lazy: () => import('@/app/routes/sandbox-pay') },
                { path: paths.orders.path, lazy: () => import('@/app/routes/orders') },
                { path: paths.order.path, lazy: () => import('@/app/routes/order') },
                { path: paths.oauthConsent.path, lazy: () => import('@/app/routes/oauth-consent') },
              ],
            },
            { path: '*', lazy: () => import('@/app/routes/not-found') },
          ],
        },
      ],
    },
  ];
}
