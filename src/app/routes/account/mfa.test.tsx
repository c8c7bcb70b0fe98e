import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as Auth } from '@/app/routes/account/auth';
import { Component as Mfa } from '@/app/routes/account/mfa';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';
import { authUrl, authUser, pgrstRows, recordRequests, restUrl, server, sessionFor } from '@/testing/supabase-http';

// Two-factor sign-in (docs/product.md, Accounts): before the code, the API refuses every read of this user
// (403 insufficient_aal, ADR 0030), so the sign-in pages ask it nothing; after it, the role picks the start page.

const FACTOR = {
  id: 'f0000000-0000-4000-8000-000000000001',
  status: 'verified',
  factor_type: 'totp',
  friendly_name: 'Phone',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
const USER = { ...authUser('c0000000-0000-4000-8000-000000000003', 'cleo@example.com'), factors: [FACTOR] } as User;

function sessionAt(aal: 'aal1' | 'aal2'): Session {
  const session = sessionFor(USER);
  const [head, body, sig] = session.access_token.split('.');
  const claims = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  const encoded = btoa(JSON.stringify({ ...claims, aal }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return { ...session, access_token: `${head}.${encoded}.${sig}` };
}

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string, session: Session) {
  const auth: AuthState = { status: 'signed-in', session, user: USER, event: 'SIGNED_IN' };
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <Auth /> },
      { path: '/mfa', element: <Mfa /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
}

describe('signing in with two-factor sign-in on', () => {
  it('after the password (aal1), /auth goes on to /mfa without reading anything from the API', async () => {
    server.use(http.get(authUrl('user'), () => HttpResponse.json(USER)));
    const sent = recordRequests();
    renderAt('/auth?redirectTo=%2Fsettings', sessionAt('aal1'));
    expect(await screen.findByRole('heading', { name: 'Enter your authentication code' })).toBeInTheDocument();
    expect((await sent.all()).filter((r) => r.url.pathname.startsWith('/rest/'))).toEqual([]);
    sent.stop();
  });

  it('once the code is accepted (aal2), reads the role and opens its start page', async () => {
    server.use(http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role: 'customer' }])));
    renderAt('/mfa', sessionAt('aal2'));
    expect(await screen.findByText('at /designers')).toBeInTheDocument();
  });
});
