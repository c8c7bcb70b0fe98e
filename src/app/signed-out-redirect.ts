import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '@/app/protected-route';
import { paths } from '@/config/paths';
import { mayHaveSession } from '@/lib/session-hint';

/**
 * Where a visitor who opens a signed-in page directly must go instead: `/auth`, remembering the page, when this
 * browser holds no session (known at once, without supabase-js: src/lib/session-hint.ts); otherwise null.
 *
 * Asked before the router is created, so the page's code and its loader (the project page's wait for its reads,
 * ADR 0014) are never fetched for someone who cannot see the page: once the router has matched a URL it loads
 * every matched route's code and data before it renders anything, ProtectedRoute included, which on a busy
 * machine kept a signed-out visitor waiting many seconds for a redirect that was certain from the start.
 * ProtectedRoute still guards every later navigation (and sessions that turn out to be gone).
 */
export function signedOutRedirect(
  routes: RouteObject[],
  { pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string | null {
  if (mayHaveSession()) return null;
  const matches = matchRoutes(routes, pathname) ?? [];
  const guarded = matches.some(({ route }) => isValidElement(route.element) && route.element.type === ProtectedRoute);
  return guarded ? paths.auth.getHref({ redirectTo: `${pathname}${search}${hash}` }) : null;
}
