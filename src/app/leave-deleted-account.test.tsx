import type { Session, User } from '@supabase/supabase-js';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLeaveDeletedAccount } from '@/app/leave-deleted-account';
import { ProtectedRoute } from '@/app/protected-route';
import { signOut } from '@/features/account/api/sign-out';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';

vi.mock('@/features/account/api/sign-out', () => ({ signOut: vi.fn(), expectSignOutTo: vi.fn() }));

const user = { id: 'u1', email: 'ada@example.com' } as User;
const SIGNED_IN: AuthState = { status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' };
const SIGNED_OUT: AuthState = {
  status: 'signed-out',
  session: null,
  user: null,
  event: 'SIGNED_OUT',
  endsAt: 'home',
};

let setAuth: (next: AuthState) => void = () => {};
let leaving: Promise<void> | null = null;

/** The provider's part: supabase-js reports SIGNED_OUT to it while signOut() is still running. */
function Auth({ children }: { children: ReactNode }) {
  const [state, setState] = useState(SIGNED_IN);
  useEffect(() => {
    setAuth = setState;
  }, []);
  return <AuthContext value={state}>{children}</AuthContext>;
}

function ProfilePage() {
  const leave = useLeaveDeletedAccount();
  return (
    <button type="button" onClick={() => (leaving = leave())}>
      Account deleted
    </button>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/auth', element: <p>auth page</p> },
      { element: <ProtectedRoute />, children: [{ path: '/profile/customer', element: <ProfilePage /> }] },
    ],
    { initialEntries: ['/profile/customer'] },
  );
  render(
    <Auth>
      <RouterProvider router={router} />
    </Auth>,
  );
  return router;
}

beforeEach(() => {
  leaving = null;
  // As supabase-js does: the SIGNED_OUT notification (an urgent state update) lands before signOut() returns.
  vi.mocked(signOut).mockImplementation(async () => {
    await Promise.resolve();
    setAuth(SIGNED_OUT);
  });
});

describe('useLeaveDeletedAccount', () => {
  // Both orders the routes used before failed here: signing out first (the profile pages) and going home as a
  // transition before signing out (Settings), whose update React rendered after the sign-out's.
  it("ends on '/' signed out, not on /auth, when the deletion happened on a protected page", async () => {
    const router = renderApp();
    // One act scope: React renders only once the sign-out has been reported too, as on a busy machine.
    await act(async () => {
      screen.getByRole('button', { name: 'Account deleted' }).click();
      await leaving;
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    // Every navigation the sign-out could have started has settled.
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(screen.queryByText('auth page')).not.toBeInTheDocument();
  });
});

describe('ProtectedRoute after a sign-out', () => {
  function renderSignedOut(endsAt: 'home' | 'auth') {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home page</p> },
        { path: '/auth', element: <p>auth page</p> },
        { element: <ProtectedRoute />, children: [{ path: '/profile/customer', element: <p>profile</p> }] },
      ],
      { initialEntries: ['/profile/customer'] },
    );
    render(
      <AuthContext value={{ status: 'signed-out', session: null, user: null, event: 'SIGNED_OUT', endsAt }}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
    return router;
  }

  // A background account check may sign out while the deleted account's page is still on screen: that sign-out
  // must end home too, not on /auth.
  it('ends where the sign-out said: home after an account deletion', async () => {
    renderSignedOut('home');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByText('auth page')).not.toBeInTheDocument();
  });

  it('ends on /auth after any other sign-out (Logout, a session the account check cleared)', async () => {
    renderSignedOut('auth');
    expect(await screen.findByText('auth page')).toBeInTheDocument();
  });
});
