import type { Session, User } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/protected-route';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string, auth: AuthState) {
  return render(
    <AuthContext value={auth}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route element={<ProtectedRoute />}>
            <Route path="/settings" element={<p>settings page</p>} />
          </Route>
          <Route path="/auth" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  );
}

const user = { id: 'u1', email: 'ada@example.com' } as User;

describe('ProtectedRoute', () => {
  it('shows a spinner while the session loads', () => {
    renderAt('/settings', { status: 'loading', session: null, user: null, event: null });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('settings page')).not.toBeInTheDocument();
  });

  it('sends a visitor to /auth, remembering the page', () => {
    renderAt('/settings?tab=x', { status: 'signed-out', session: null, user: null, event: 'INITIAL_SESSION' });
    expect(screen.getByText('at /auth?redirectTo=%2Fsettings%3Ftab%3Dx')).toBeInTheDocument();
  });

  it('after a sign-out, goes to plain /auth', () => {
    renderAt('/settings', { status: 'signed-out', session: null, user: null, event: 'SIGNED_OUT' });
    expect(screen.getByText('at /auth')).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    renderAt('/settings', { status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' });
    expect(screen.getByText('settings page')).toBeInTheDocument();
  });
});
