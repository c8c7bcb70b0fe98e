import './index.css';
// Before anything parses with Zod: no eval under the Content-Security-Policy.
import '@/lib/zod-jitless';
import { mayHaveSession } from '@/lib/session-hint';

// The entry is tiny on purpose: React and the app come in a dynamic import, so a prerendered page paints
// (its hero image included) before any of that script is fetched and run.

const container = document.getElementById('root')!;
// The build prerenders some pages as a visitor without query parameters sees them (vite/prerender.ts
// marks which path). Anyone else (a stored session, auth tokens in the URL, `?tab=signup`, another path
// served this file) gets a fresh client render; index.html's inline script hides the prerendered HTML from
// them meanwhile (the same conditions).
const hydrate =
  container.dataset.prerendered === window.location.pathname && !window.location.search && !mayHaveSession();
// A missing URL or key must still fail at start-up (supabase-js's own message), though the client is
// otherwise loaded only when needed.
const misconfigured = !import.meta.env.VITE_SUPABASE_URL || !import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY;

/**
 * The prerendered page's high-priority image (the landing hero, its largest paint) first: its download and
 * paint do not compete with React's. The page works meanwhile (its links and anchors are plain HTML); never
 * more than 3 s, and a failed image does not hold the app back.
 */
function priorityImageLoaded(): Promise<void> {
  const image = hydrate ? container.querySelector<HTMLImageElement>('img[fetchpriority="high"]') : null;
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    image.addEventListener('load', done, { once: true });
    image.addEventListener('error', done, { once: true });
    setTimeout(done, 3000);
  });
}

/**
 * Resolves after the browser has painted the next frame (the prerendered page), so React's download and
 * start-up never delay the first paint on a busy device. Capped: a background tab runs no frames.
 */
function nextPaint(): Promise<void> {
  if (!hydrate) return Promise.resolve();
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, 500);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(cap);
        resolve();
      }, 0),
    );
  });
}

// A signed-in visitor opening a page directly: the page's route loader (if it has one) starts reading at once, into
// the QueryClient the app will render with, while React, the router and the page's code download (ADR 0021).
const early =
  !hydrate && mayHaveSession()
    ? import('@/app/early-start')
        .then(({ startEarly }) => startEarly(window.location.pathname).queryClient)
        .catch(() => undefined)
    : undefined;

// The app module is loaded dynamically so a start-up failure (e.g. supabase-js's "supabaseKey is required."
// when VITE_SUPABASE_PUBLISHABLE_KEY is missing) still renders something a person can act on instead of a
// blank page. The original error is rethrown to the console untouched.
void priorityImageLoaded()
  .then(nextPaint)
  // Hydrating a prerendered page: React DOM first, the router and the app after, two shorter start-up tasks
  // instead of one long one while the page is already on screen. Any other page shows nothing until the app
  // runs, so everything is fetched at once (one round trip instead of two before the page's own requests).
  .then(() => (hydrate ? import('react-dom/client') : null))
  .then(async () => {
    if (misconfigured) await import('@/lib/supabase');
    // The prerendered landing page hydrates without the router, React Query and the auth provider: the app
    // starts in its place on the first navigation (docs/architecture.md, Performance rules).
    if (hydrate && window.location.pathname === '/') {
      const { startLanding } = await import('@/app/landing-start');
      return startLanding(container);
    }
    const [{ startApp }, queryClient] = await Promise.all([import('@/app/start'), early]);
    return startApp(container, hydrate, queryClient);
  })
  .catch((error: unknown) => {
    console.error(error);
    import('@/app/start').then(
      ({ showStartupError }) => showStartupError(container, error),
      // The app's own chunk did not download: the prerendered page (if any) stays; nothing else can show.
      (loadError: unknown) => console.error(loadError),
    );
  });
