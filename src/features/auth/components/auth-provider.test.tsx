import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { trackPageLoad } from '@/lib/page-settled';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

// The Supabase boundary: auth events are driven by the test, the profiles lookup answers what the test says.
const mock = vi.hoisted(() => ({
  listeners: [] as Listener[],
  profile: { data: null as { id: string } | null, error: null as { message: string; code: string } | null },
  signOut: vi.fn(async (_options?: { scope: string }) => ({ error: null })),
  eq: vi.fn(),
}));

vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: {
      onAuthStateChange: (listener: Listener) => {
        mock.listeners.push(listener);
        return {
          data: { subscription: { unsubscribe: () => mock.listeners.splice(mock.listeners.indexOf(listener), 1) } },
        };
      },
      signOut: mock.signOut,
    },
    from: (table: string) => ({
      select: (columns: string) => ({
        eq: (column: string, value: string) => {
          mock.eq(table, columns, column, value);
          return { maybeSingle: async () => mock.profile };
        },
      }),
    }),
  },
}));

const session = { access_token: 't', user: { id: 'user-1', email: 'ada@example.com' } } as unknown as Session;

function emit(event: AuthChangeEvent, value: Session | null) {
  act(() => {
    for (const listener of [...mock.listeners]) listener(event, value);
  });
}

function Probe() {
  const auth = useAuth();
  return <p>{auth.status === 'signed-in' ? `signed in as ${auth.user.email}` : auth.status}</p>;
}

/** Rendered as for a returning user (a stored session): supabase-js loads at once and reports. */
async function renderWithProvider(ui: ReactNode = <Probe />) {
  const queryClient = new QueryClient();
  localStorage.setItem('sb-127-auth-token', '{}');
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{ui}</AuthProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(mock.listeners).toHaveLength(1));
  return result;
}

describe('AuthProvider', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    mock.listeners.length = 0;
    mock.profile = { data: { id: 'user-1' }, error: null };
    mock.signOut.mockClear();
    mock.eq.mockClear();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    consoleError.mockRestore();
    localStorage.clear();
  });

  it('is loading until supabase-js reports the initial session, then signed out or in', async () => {
    await renderWithProvider();
    expect(screen.getByText('loading')).toBeInTheDocument();
    emit('INITIAL_SESSION', null);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    emit('SIGNED_IN', session);
    expect(screen.getByText('signed in as ada@example.com')).toBeInTheDocument();
  });

  it('keeps a user whose profile exists, checking it on sign-in', async () => {
    await renderWithProvider();
    await new Promise((resolve) => setTimeout(resolve, 10)); // the test before's own check
    mock.eq.mockClear();
    emit('INITIAL_SESSION', null);
    emit('SIGNED_IN', session);
    // A sign-in is checked at once (in the next task), not when the page settles.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mock.eq).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mock.eq).toHaveBeenCalledWith('profiles', 'id', 'id', 'user-1'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mock.signOut).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('signs out a user missing from profiles on token refresh', async () => {
    mock.profile = { data: null, error: null };
    await renderWithProvider();
    emit('TOKEN_REFRESHED', session);
    await waitFor(() => expect(mock.signOut).toHaveBeenCalled());
    expect(consoleError).toHaveBeenCalledWith('User not found in database, clearing session');
  });

  it('signs out when the check fails', async () => {
    mock.profile = { data: null, error: { message: 'boom', code: 'XX000' } };
    await renderWithProvider();
    emit('INITIAL_SESSION', null);
    emit('SIGNED_IN', session);
    await waitFor(() => expect(mock.signOut).toHaveBeenCalled());
    expect(consoleError).toHaveBeenCalledWith('Error verifying user, clearing session', mock.profile.error);
  });

  it('checks a session restored from storage on load, once the page has painted', async () => {
    mock.profile = { data: null, error: null };
    await renderWithProvider();
    emit('INITIAL_SESSION', session);
    // Not inside the event's own task: the page paints first.
    expect(mock.eq).not.toHaveBeenCalled();
    await waitFor(() => expect(mock.signOut).toHaveBeenCalled(), { timeout: 5000 });
    expect(consoleError).toHaveBeenCalledWith('User not found in database, clearing session');
  });

  it("waits for the page being opened, and drops the restored session's check when the user signs out first", async () => {
    mock.profile = { data: null, error: null };
    let finishRoute = () => {};
    trackPageLoad(new Promise<void>((resolve) => (finishRoute = resolve)));
    await renderWithProvider();
    emit('INITIAL_SESSION', session);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mock.eq).not.toHaveBeenCalled(); // the page's route is still loading
    emit('SIGNED_OUT', null);
    finishRoute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mock.eq).not.toHaveBeenCalled();
    expect(mock.signOut).not.toHaveBeenCalled();
  });

  it('treats a SIGNED_IN reported while supabase-js starts as the restored session: checked once, when the page settles', async () => {
    let finishRoute = () => {};
    trackPageLoad(new Promise<void>((resolve) => (finishRoute = resolve)));
    await renderWithProvider();
    emit('SIGNED_IN', session); // supabase-js recovering the stored session
    emit('INITIAL_SESSION', session);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mock.eq).not.toHaveBeenCalled();
    finishRoute();
    await waitFor(() => expect(mock.eq).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mock.eq).toHaveBeenCalledTimes(1);
  });

  it('does not check on other events', async () => {
    await renderWithProvider();
    emit('USER_UPDATED', session);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mock.eq).not.toHaveBeenCalled();
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
    consoleError.mockRestore();
  });
});
