// Registers the service worker (src/service-worker/sw.ts, docs/installable-app.md) through vite-plugin-pwa's
// register module, which loads workbox-window. Production builds only: src/app/service-worker.ts decides when.
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './utils/waiting-update';

/** How often an open page asks whether a new build is out (the browser also checks on every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered = false;

export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const updateServiceWorker = registerSW({
    immediate: true,
    // A new build's worker is installed and waiting: offer "Reload to update". Taking it sends the worker
    // SKIP_WAITING; the page reloads on the new build once that worker controls it.
    onNeedRefresh: () =>
      offerUpdate(async () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        await updateServiceWorker(true);
      }),
    // The reload is ours (above): workbox-window reloads only a page that was controlled when it registered, and
    // a page opened before the first worker was installed is controlled only later (clientsClaim in the worker).
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // A page left open for days (an installed app often is) learns of a new build without a page load.
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    // No worker means no offline shell, nothing else: the app works as a plain web page.
    onRegisterError: (error: unknown) => console.warn('The service worker was not registered:', error),
  });
}
