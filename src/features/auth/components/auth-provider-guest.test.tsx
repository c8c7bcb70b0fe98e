import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

// A file of its own: whether supabase-js was loaded is per module graph. `loaded` flips when the app
// first imports the client module.
const mock = vi.hoisted(() => ({ loaded: false, listeners: [] as Listener[] }));

vi.mock('@/lib/supabase', () => {
  mock.loaded = true;
  return {
    supabase: {
      auth: {
        onAuthStateChange: (listener: Listener) => {
          mock.listeners.push(listener);
          return { data: { subscription: { unsubscribe: () => undefined } } };
        },
        signOut: async () => ({ error: null }),
      },
      from: () => ({
        select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: { id: 'u' }, error: null }) }) }),
      }),
    },
  };
});

function Probe() {
  const auth = useAuth();
  return <p>{auth.status === 'signed-in' ? `signed in as ${auth.user.email}` : auth.status}</p>;
}

describe('AuthProvider for a visitor (no stored session)', () => {
  it('is signed out at once without loading supabase-js, and follows a session begun in another tab', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.loaded).toBe(false);

    // Another tab signs in: supabase-js's key appears in storage; this tab loads the client and subscribes.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-127-auth-token', newValue: '{}' }));
    });
    await waitFor(() => expect(mock.listeners).toHaveLength(1));
    const session = { access_token: 't', user: { id: 'u', email: 'ada@example.com' } } as unknown as Session;
    act(() => mock.listeners[0]!('SIGNED_IN', session));
    expect(screen.getByText('signed in as ada@example.com')).toBeInTheDocument();
  });
});
