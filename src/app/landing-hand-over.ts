import type { Root } from 'react-dom/client';
import { isSessionKey } from '@/lib/session-hint';

// How the landing page's own root (./landing-app.tsx, started by ./landing-start.tsx) gives its place to the app
// (./start.tsx) on the first navigation: docs/decisions/0031-one-house-second-pass.md.

let handOver: ((to: string | null) => void) | null = null;

/** The app's code: fetched as soon as a visitor points at, focuses or touches a link, so a click finds it loading. */
export function loadApp() {
  return import('@/app/start');
}

/** Navigates to `to` in the app, started in the landing page's place (null: the app on this page). */
export function openInApp(to: string | null): void {
  if (handOver) handOver(to);
  // Not hydrated yet: nothing to hand over, the browser follows the link.
  else if (to) window.location.assign(to);
}

/**
 * From now on a navigation, or a session stored by another tab (the app's auth provider takes it up: the top bar
 * turns signed in), starts the app in `container` in the place of the landing page's `root`.
 */
export function handOverOnNavigation(container: HTMLElement, root: () => Root | null): void {
  let started = false;
  // The page the app opens on: the last link pressed while its code downloads, as React Router's navigation does.
  let target: string | null = null;
  function onStorage(event: StorageEvent) {
    if (isSessionKey(event.key)) openInApp(null);
  }
  handOver = (to) => {
    target = to ?? target;
    if (started) return;
    started = true;
    window.removeEventListener('storage', onStorage);
    loadApp()
      .then(({ startApp }) =>
        startApp(container, false, undefined, {
          navigateTo: () => target,
          // In the same task as the app's first render: the page never shows empty.
          unmount: () => {
            handOver = null;
            root()?.unmount();
          },
        }),
      )
      .catch((error: unknown) => {
        // The app's code did not download: the browser loads the page instead.
        console.error(error);
        window.location.assign(target ?? window.location.href);
      });
  };
  window.addEventListener('storage', onStorage);
}
