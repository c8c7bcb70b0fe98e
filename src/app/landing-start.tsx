import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { LandingApp } from '@/app/landing-app';
import { handOverOnNavigation } from '@/app/landing-hand-over';
import { startServiceWorker } from '@/app/service-worker';

/**
 * Hydrates the prerendered landing page (src/main.tsx) with its own root (./landing-app.tsx). The first navigation
 * (a link, a sign-up form sent) or a session stored by another tab starts the app in its place (./start.tsx), on
 * the page navigated to.
 */
export function startLanding(container: HTMLElement): void {
  let root: Root | null = null;
  handOverOnNavigation(container, () => root);
  // As in ./start.tsx: hydration as a transition yields to the browser in short tasks.
  startTransition(() => {
    root = hydrateRoot(container, <LandingApp hydrating />);
  });
  startServiceWorker();
}
