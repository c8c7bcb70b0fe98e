import { afterPaintWhenIdle } from '@/lib/when-idle';

let started = false;

/**
 * The service worker (docs/installable-app.md), registered once the page has painted and the browser is idle: its
 * first install fetches the build's files in the background, never ahead of the page's own. Production builds
 * only. The development server has no worker, and removes one a build on the same origin left behind, which would
 * otherwise keep answering page loads with that build.
 */
export function startServiceWorker(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  if (!import.meta.env.PROD) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())));
    return;
  }
  afterPaintWhenIdle(() => {
    import('@/features/installable-app/register-service-worker').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      // A chunk that did not download (offline on a first visit): the next page load tries again.
      (error: unknown) => console.warn('The service worker was not registered:', error),
    );
  }, 5000);
}
