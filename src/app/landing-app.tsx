import { StrictMode, useSyncExternalStore, type MouseEvent } from 'react';
import { loadApp, openInApp } from '@/app/landing-hand-over';
import { HydrationProvider } from '@/app/hydration-provider';
import { barLinks, guestLinks } from '@/app/navigation';
import { Component as LandingPage } from '@/app/routes/landing';
import { AppLayout } from '@/components/layouts/app-layout';
import { NavigationProvider } from '@/components/navigation/navigation';
import type { LinkProps, Navigation, NavLinkProps } from '@/components/navigation/use-navigation';
import { paths } from '@/config/paths';

// The landing page as a visitor without a session first gets it (docs/architecture.md, Performance rules;
// docs/decisions/0031-one-house-second-pass.md): prerendered from this tree and hydrated by it, without React Router,
// React Query or the auth provider. The app (src/app/start.tsx) replaces it on the first navigation, with the
// router already on the new page: what a visitor sees is what the app's own navigation shows.

let locationKey = 'default';
const keyListeners = new Set<() => void>();

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

function LandingLink({ to, children, onClick, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={to}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        void loadApp();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        void loadApp();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        void loadApp();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        const here = window.location.pathname + window.location.search + window.location.hash;
        // The page itself (the logo, Home): React Router stays where it is, with a new location key.
        if (to === here) nextLocationKey();
        else openInApp(to);
      }}
    >
      {children}
    </a>
  );
}

// This tree only ever shows `/`, which React Router's matching finds active for a link to `/` alone, `end` or not.
function LandingNavLink({ className, end: _end, ...props }: NavLinkProps) {
  const isActive = props.to === '/';
  return (
    <LandingLink {...props} aria-current={isActive ? 'page' : undefined} className={className({ isActive })} />
  );
}

function nextLocationKey() {
  locationKey = Math.random().toString(36).slice(2, 10);
  for (const listener of keyListeners) listener();
}

function subscribeLocationKey(listener: () => void) {
  keyListeners.add(listener);
  // A hash link or the back button within the page: React Router's location changes (and the menu closes) too.
  window.addEventListener('popstate', nextLocationKey);
  return () => {
    keyListeners.delete(listener);
    window.removeEventListener('popstate', nextLocationKey);
  };
}

function useLandingLocationKey(): string {
  return useSyncExternalStore(
    subscribeLocationKey,
    () => locationKey,
    () => 'default',
  );
}

function useLandingNavigateTo(): (to: string) => void {
  return openInApp;
}

const landingNavigation: Navigation = {
  Link: LandingLink,
  NavLink: LandingNavLink,
  useLocationKey: useLandingLocationKey,
  useNavigateTo: useLandingNavigateTo,
};

/** The landing page with the shell a signed-out visitor sees (src/app/routes/root.tsx), as prerendered. */
export function LandingApp({ hydrating }: { hydrating: boolean }) {
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <NavigationProvider navigation={landingNavigation}>
          <AppLayout homeHref={paths.home.getHref()} links={barLinks(null)} account={null} guest={guestLinks}>
            <LandingPage />
          </AppLayout>
        </NavigationProvider>
      </HydrationProvider>
    </StrictMode>
  );
}

