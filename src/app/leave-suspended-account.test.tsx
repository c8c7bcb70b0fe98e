import { screen } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLeaveSuspendedAccount } from '@/app/leave-suspended-account';
import { Component as AuthPage } from '@/app/routes/account/auth';
import { getUserRole, useUserRole } from '@/features/account/api/get-user-role';
import { createQueryClient } from '@/lib/query-client';
import { authUrl, authUser, pgrstError, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');

/** The API's answer to every request of a suspended account (docs/trust-and-safety.md). */
const suspended = () => pgrstError(403, 'account_suspended', 'This account is suspended.');

/** A page of the app that reads (a query) or writes (a mutation) under the shell's listener. */
function Page({ write = false }: { write?: boolean }) {
  useLeaveSuspendedAccount();
  useUserRole(write ? null : USER.id);
  const change = useMutation({ mutationFn: () => getUserRole(USER.id) });
  return write ? (
    <button type="button" onClick={() => change.mutate()}>
      Save
    </button>
  ) : (
    <p>a page</p>
  );
}

describe('a refusal because the account is suspended (account_suspended)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    server.use(
      http.get(restUrl('user_roles'), suspended),
      http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
    );
  });

  it("signs the person out from a query's refusal and takes them to /auth saying so, once", async () => {
    const { router } = renderApp(<Page />, {
      user: USER,
      queryClient: createQueryClient(),
      routes: [{ path: '/auth', element: <p>auth page</p> }],
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?suspended=true');
    expect(await sent.to('POST', 'auth/v1/logout')).toHaveLength(1);
    // A refusal is an answer: not asked again.
    expect(await sent.to('GET', 'rest/v1/user_roles')).toHaveLength(1);
  });

  it("does the same from a mutation's refusal", async () => {
    const { router, user } = renderApp(<Page write />, {
      user: USER,
      queryClient: createQueryClient(),
      routes: [{ path: '/auth', element: <p>auth page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?suspended=true');
    expect(await sent.to('POST', 'auth/v1/logout')).toHaveLength(1);
  });

  it('leaves a person whose request failed for another reason where they are', async () => {
    server.use(
      http.get(restUrl('user_roles'), () => pgrstError(403, '42501', 'permission denied for table user_roles')),
    );
    const { router } = renderApp(<Page />, {
      user: USER,
      queryClient: createQueryClient(),
      routes: [{ path: '/auth', element: <p>auth page</p> }],
    });
    await vi.waitFor(async () => expect(await sent.to('GET', 'rest/v1/user_roles')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/');
    expect(await sent.to('POST', 'auth/v1/logout')).toEqual([]);
  });

  it('/auth?suspended=true says why the person was signed out', async () => {
    renderApp(<AuthPage />, { url: '/auth?suspended=true' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is suspended. If you think this is a mistake, write to help@goodspace.app.',
    );
  });
});
