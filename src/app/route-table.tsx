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
            { path: paths.auth.path, lazy: () => import('@/app/routes/account/auth') },
            { path: paths.pricing.path, lazy: () => import('@/app/routes/memberships/pricing') },
            { path: paths.paymentSuccess.path, lazy: () => import('@/app/routes/memberships/payment-success') },
            // Signed in with a password but not yet with the second factor: outside the guard, which sends here.
            { path: paths.mfa.path, lazy: () => import('@/app/routes/account/mfa') },
            // A mail's unsubscribe link works signed out (the token is the permission).
            { path: paths.unsubscribe.path, lazy: () => import('@/app/routes/account/unsubscribe') },
            {
              element: <ProtectedRoute />,
              children: [
                { path: paths.designers.path, lazy: () => import('@/app/routes/designers/designers') },
                { path: paths.browseDesigners.path, lazy: () => import('@/app/routes/designers/browse-designers') },
                { path: paths.designerNudges.path, lazy: () => import('@/app/routes/bids/designer-nudges') },
                { path: paths.designer.path, lazy: () => import('@/app/routes/designers/designer') },
                { path: paths.designerReviews.path, lazy: () => import('@/app/routes/designers/designer-reviews') },
                { path: paths.profile.customer.path, lazy: () => import('@/app/routes/account/profile-customer') },
                { path: paths.profile.designer.path, lazy: () => import('@/app/routes/account/profile-designer') },
                { path: paths.dashboard.customer.path, lazy: () => import('@/app/routes/projects/dashboard-customer') },
                { path: paths.dashboard.designer.path, lazy: () => import('@/app/routes/projects/dashboard-designer') },
                {
                  path: paths.project.path,
                  loader: loader(paths.project.path),
                  lazy: () => import('@/app/routes/projects/project'),
                },
                { path: paths.portfolio.path, lazy: () => import('@/app/routes/designers/portfolio') },
                { path: paths.portfolioOfDesigner.path, lazy: () => import('@/app/routes/designers/portfolio') },
                { path: paths.listPiece.path, lazy: () => import('@/app/routes/good-stuff/list-piece') },
                { path: paths.goodStuff.path, lazy: () => import('@/app/routes/good-stuff/good-stuff') },
                { path: paths.myPieces.path, lazy: () => import('@/app/routes/good-stuff/my-pieces') },
                {
                  path: paths.piece.path,
                  loader: loader(paths.piece.path),
                  lazy: () => import('@/app/routes/good-stuff/piece'),
                },
                { path: paths.editPiece.path, lazy: () => import('@/app/routes/good-stuff/edit-piece') },
                {
                  path: paths.pieceConversation.path,
                  lazy: () => import('@/app/routes/good-stuff/piece-conversation'),
                },
                { path: paths.saved.path, lazy: () => import('@/app/routes/saved/saved') },
                { path: paths.settings.path, lazy: () => import('@/app/routes/account/settings') },
                { path: paths.notifications.path, lazy: () => import('@/app/routes/notifications/notifications') },
                { path: paths.sandboxCheckout.path, lazy: () => import('@/app/routes/memberships/sandbox-checkout') },
                { path: paths.sandboxPortal.path, lazy: () => import('@/app/routes/memberships/sandbox-portal') },
                { path: paths.sandboxConnect.path, lazy: () => import('@/app/routes/orders/sandbox-connect') },
                { path: paths.sandboxPay.path, lazy: () => import('@/app/routes/orders/sandbox-pay') },
                { path: paths.sandboxFund.path, lazy: () => import('@/app/routes/milestones/sandbox-fund') },
                { path: paths.orders.path, lazy: () => import('@/app/routes/orders/orders') },
                { path: paths.order.path, lazy: () => import('@/app/routes/orders/order') },
                { path: paths.oauthConsent.path, lazy: () => import('@/app/routes/account/oauth-consent') },
                {
                  path: paths.verifySchoolEmail.path,
                  lazy: () => import('@/app/routes/account/verify-school-email'),
                },
              ],
            },
            {
              // The operator console: outside the session guard, because a visitor who is not an operator (signed
              // out too) gets the 404 page from its layout, never a sign-in page that would say it exists.
              path: paths.admin.path,
              lazy: () => import('@/app/routes/admin/admin-layout'),
              children: [
                { index: true, lazy: () => import('@/app/routes/admin/queue') },
                { path: paths.adminSubject.path, lazy: () => import('@/app/routes/admin/subject') },
                { path: paths.adminLog.path, lazy: () => import('@/app/routes/admin/audit-log') },
                { path: paths.adminVerification.path, lazy: () => import('@/app/routes/admin/verification') },
                { path: paths.adminDisputes.path, lazy: () => import('@/app/routes/admin/disputes') },
                { path: paths.adminDispute.path, lazy: () => import('@/app/routes/admin/dispute') },
                { path: paths.adminOrderProblem.path, lazy: () => import('@/app/routes/admin/order-problem') },
              ],
            },
            { path: '*', lazy: () => import('@/app/routes/not-found') },
          ],
        },
      ],
    },
  ];
}
