// The service worker (docs/installable-app.md): built by vite-plugin-pwa (strategy injectManifest, vite.config.ts),
// which writes the build's file list into self.__WB_MANIFEST. It keeps the app shell and the build's static files,
// so the app opens offline and every page after the first starts from the device. It caches nothing else: API
// answers (/rest, /auth, /storage, /functions, /realtime on the Supabase project), photos (public or private) and
// every other origin go to the network untouched, as if there were no worker.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
// Web Push (docs/notifications.md): its `push` and `notificationclick` handlers live in their own module.
import './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** The unrendered shell: what a static host serves for any path without a file (vite/prerender.ts). */
const SHELL = 'spa.html';

// The build's files, each fetched once per build (by its hash or revision) and answered from the cache; files of
// an earlier build are removed when this worker activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open pages at once (they run the build it has just cached), so a page opened before it
// was installed still gets "Reload to update" working later: the reload follows the new worker taking over.
clientsClaim();

/**
 * The HTML file a static host serves for a page: a prerendered page's own file (`/` → index.html, `/auth` →
 * auth/index.html), else the shell. The same choice as `vite preview` and the hosts in docs/deployment.md.
 */
function pageFileOf(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

// Page loads: answered from the cached build, offline too; a path whose prerendered page is not in the build
// gets the shell, whose router shows the page (or "Page not found"). Not for paths of files (robots.txt, a
// sitemap, an image opened on its own) nor for the Supabase APIs should they ever share the app's origin.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) =>
      (await matchPrecache(pageFileOf(url.pathname))) ?? (await matchPrecache(SHELL)) ?? fetch(request),
    { denylist: [/\/[^/]+\.[^/]+$/, /^\/(rest|auth|storage|functions|realtime|graphql)\/v1(\/|$)/] },
  ),
);

// "Reload to update" (src/features/installable-app): a new build's worker waits until the person asks for it, so
// an open page never runs against files of two builds. workbox-window's messageSkipWaiting() sends this.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
