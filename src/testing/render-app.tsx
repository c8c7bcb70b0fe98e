import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';
import { sessionFor, storeSession } from '@/testing/supabase-http';

export type RenderAppOptions = {
  /**
   * Who is signed in: the auth context says signed in as them (as AuthProvider does once supabase-js has read the
   * session) and their session is stored where supabase-js reads it, so requests go out with their token. Absent
   * or null: a visitor (signed out).
   */
  user?: User | null;
  /** The auth state itself, for the states `user` does not cover (loading, signed out after a sign-out). */
  auth?: AuthState;
  /** Where the app is: the memory router's one entry (default '/'), with `state` as the location's state. */
  url?: string;
  state?: unknown;
  /** Earlier entries of the history, before `url` (for a page that goes back). */
  before?: string[];
  /** The route pattern `ui` is mounted at (default '*': every url), e.g. '/good-stuff/:id' for its params. */
  path?: string;
  /** Other routes beside `ui`'s, e.g. the pages a link or redirect leads to. */
  routes?: RouteObject[];
  /** The QueryClient to render with (one a test seeded or shares with loaders); a fresh one if not given. */
  queryClient?: QueryClient;
};

/** A fresh cache per test; no retries, so a failing query or mutation fails at once (the app retries once). */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The signed-in auth state AuthProvider gives `user` once supabase-js has read their session. */
export function signedInAs(user: User): AuthState {
  return { status: 'signed-in', session: sessionFor(user), user, event: 'INITIAL_SESSION' };
}

const SIGNED_OUT: AuthState = { status: 'signed-out', session: null, user: null, event: 'INITIAL_SESSION' };

/**
 * Renders `ui` with the app's providers (src/app/provider.tsx): a QueryClient, the auth context, a data router at
 * `url`, and sonner's real `<Toaster>`, so a test reads a toast as the user does (`findToast`). Returns a
 * user-event `user`, the `client` and the `router` (its `state.location` is where the app went).
 * See docs/architecture.md, "Tests".
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { user: signedIn, url = '/', state, before = [], path = '*', routes = [] } = options;
  const client = options.queryClient ?? testQueryClient();
  if (signedIn) storeSession(signedIn);
  const auth = options.auth ?? (signedIn ? signedInAs(signedIn) : SIGNED_OUT);
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: [...before, state === undefined ? url : { ...splitUrl(url), state }],
    initialIndex: before.length,
  });
  const rendered = render(
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
      {/* Toasts stay until the test ends (the app's last 4 s), so a busy machine cannot miss one. */}
      <Toaster toastOptions={{ duration: Number.POSITIVE_INFINITY }} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), client, router, ...rendered };
}

function splitUrl(url: string) {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  return { pathname, search, hash };
}

type ToastType = 'success' | 'error' | 'info' | 'warning';

function toastSaying(text: string | RegExp, type?: ToastType) {
  const region = screen.queryByRole('region', { name: /^Notifications/ });
  const shown = region ? within(region).queryAllByText(text) : [];
  const toasts = shown.map((el) => el.closest<HTMLElement>('[data-sonner-toast]')).filter((el) => el !== null);
  return toasts.find((el) => type === undefined || el.dataset.type === type) ?? null;
}

/**
 * Waits for a toast saying `text` (of `type` when given: sonner's success, error, info, warning) and returns it.
 */
export async function findToast(text: string | RegExp, type?: ToastType) {
  return waitFor(() => {
    const toast = toastSaying(text, type);
    if (!toast) throw new Error(`No ${type ?? ''} toast saying ${String(text)} (shown: ${shownToasts().join(' | ')})`);
    return toast;
  });
}

/** The toast saying `text` on screen now, or null (for a test that a toast did not appear). */
export function queryToast(text: string | RegExp, type?: ToastType) {
  return toastSaying(text, type);
}

/** The texts of the toasts on screen now. */
function shownToasts() {
  return Array.from(document.querySelectorAll('[data-sonner-toast]'), (el) => el.textContent ?? '');
}

/**
 * The titles of the toasts raised in this test and not dismissed (of `type` when given), drawn or about to be:
 * sonner draws a toast a tick after it is raised, so a test that no toast appeared asks this, e.g.
 * `expect(raisedToasts('error')).toEqual([])`.
 */
export function raisedToasts(type?: ToastType) {
  return toast
    .getToasts()
    .filter((t) => !('dismiss' in t) && (type === undefined || t.type === type))
    .map((t) => ('title' in t ? String(t.title) : ''));
}
