import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/create-router';
import { StartupError } from '@/app/startup-error';
import { trackPageLoad } from '@/lib/page-settled';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the app into `container`: hydrating its prerendered HTML, or afresh (see src/main.tsx). `queryClient`:
 * the one src/app/early-start.ts made and began to fill, if it ran.
 */
export async function startApp(
  container: HTMLElement,
  hydrate: boolean,
  queryClient: QueryClient = createQueryClient(),
): Promise<void> {
  // One client for the router's loaders and the app: what a loader reads is what the page's queries find.
  const router = createAppRouter(queryClient);
  // Background work (a restored session's account check) waits for the first page's route and loaders.
  trackPageLoad(routerReady(router));
  // Prerendered HTML stays on screen until the page's module is there (no spinner in between).
  if (container.hasChildNodes()) await routerReady(router);
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
  const root = createRoot(container);
  // Committed at once (the route's modules are loaded), then the prerendered HTML's hiding can go.
  flushSync(() => root.render(app));
  delete container.dataset.prerendered;
}

export function showStartupError(container: HTMLElement, error: unknown): void {
  delete container.dataset.prerendered;
  createRoot(container).render(<StartupError error={error} />);
}
