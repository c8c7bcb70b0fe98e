import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/create-router';
import { startServiceWorker } from '@/app/service-worker';
import { StartupError } from '@/app/startup-error';
import { trackPageLoad } from '@/lib/page-settled';
import { createQueryClient } from '@/lib/query-client';

/** The landing page's own start (src/app/landing-start.tsx) giving its place to the app. */
export type HandOver = {
  /** Where the visitor navigated (read once the app's code is there), or null to stay on the page. */
  navigateTo: () => string | null;
  /** Unmounts the landing page's root: called in the same task as the app's first render. */
  unmount: () => void;
};

/**
 * Renders the app into `container`: hydrating its prerendered HTML, or afresh (see src/main.tsx). `queryClient`:
 * the one src/app/early-start.ts made and began to fill, if it ran. `handOver`: the app replaces the landing page's
 * own root, on the page its visitor navigated to.
 */
export async function startApp(
  container: HTMLElement,
  hydrate: boolean,
  queryClient: QueryClient = createQueryClient(),
  handOver?: HandOver,
): Promise<void> {
  // One client for the router's loaders and the app: what a loader reads is what the page's queries find.
  const router = createAppRouter(queryClient);
  // Background work (a restored session's account check) waits for the first page's route and loaders.
  trackPageLoad(routerReady(router));
  startServiceWorker();
  // Prerendered HTML stays on screen until the page's module is there (no spinner in between).
  if (container.hasChildNodes()) await routerReady(router);
  // As React Router navigates in the app: the page stays until the next one's code is there, then the URL changes.
  const to = handOver?.navigateTo();
  if (to) await router.navigate(to);
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} hydrating={hydrate} />
    </StrictMode>
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one
    // long task (the page is already on screen, so nothing waits for it but input, which React replays).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  handOver?.unmount();
  const root = createRoot(container);
  // Committed at once (the route's modules are loaded), then the prerendered HTML's hiding can go.
  flushSync(() => root.render(app));
  delete container.dataset.prerendered;
}

export function showStartupError(container: HTMLElement, error: unknown): void {
  delete container.dataset.prerendered;
  createRoot(container).render(<StartupError error={error} />);
}
