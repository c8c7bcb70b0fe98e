import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';
import { StartupError } from '@/app/startup-error';
import { mayHaveSession } from '@/lib/session-hint';

const container = document.getElementById('root')!;
// The build prerenders some pages as a visitor without query parameters sees them (scripts/prerender.ts
// marks which path). Anyone else (a stored session, auth tokens in the URL, `?tab=signup`, another path
// served this file) gets a fresh client render; index.html's inline script hides the prerendered HTML from
// them meanwhile (the same conditions).
const hydrate =
  container.dataset.prerendered === window.location.pathname && !window.location.search && !mayHaveSession();
// A missing URL or key must still fail at start-up (supabase-js's own message), though the client is
// otherwise loaded only when needed.
const misconfigured = !import.meta.env.VITE_SUPABASE_URL || !import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY;

// The app module is loaded dynamically so a start-up failure (e.g. supabase-js's "supabaseKey is required."
// when VITE_SUPABASE_PUBLISHABLE_KEY is missing) still renders something a person can act on instead of a
// blank page. The original error is rethrown to the console untouched.
Promise.all([import('@/app/app'), import('@/app/create-router'), misconfigured ? import('@/lib/supabase') : null])
  .then(async ([{ App }, { createAppRouter, routerReady }]) => {
    const router = createAppRouter();
    // Prerendered HTML stays on screen until the page's module is there (no spinner in between).
    if (container.hasChildNodes()) await routerReady(router);
    if (hydrate) {
      // As a transition, hydration yields to the browser every few milliseconds instead of running as one
      // long task (the page is already on screen, so nothing waits for it but input, which React replays).
      startTransition(() => {
        hydrateRoot(
          container,
          <StrictMode>
            <App router={router} />
          </StrictMode>,
        );
      });
    } else {
      const root = createRoot(container);
      // Committed at once (the route's modules are loaded), then the prerendered HTML's hiding can go.
      flushSync(() =>
        root.render(
          <StrictMode>
            <App router={router} />
          </StrictMode>,
        ),
      );
      delete container.dataset.prerendered;
    }
  })
  .catch((error: unknown) => {
    console.error(error);
    delete container.dataset.prerendered;
    createRoot(container).render(<StartupError error={error} />);
  });
