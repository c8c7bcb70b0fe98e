import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/account/components/auth-provider';
import { useAuth } from '@/features/account/hooks/use-auth';
import { whenSupabaseLoaded } from '@/lib/supabase-loader';
import {
  sentAs,
  API_URL,
  authUser,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';

// A file of its own: whether supabase-js was loaded is per module graph, and nothing here loads it before the
// provider does.

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'ada@example.com');
const SESSION_KEY = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;

function Probe() {
  const auth = useAuth();
  return <p>{auth.status === 'signed-in' ? `signed in as ${auth.user.email}` : auth.status}</p>;
}

describe('AuthProvider for a visitor (no stored session)', () => {
  it('is signed out at once without loading supabase-js, and follows a session begun in another tab', async () => {
    const sent = recordRequests();
    let loaded = false;
    whenSupabaseLoaded(() => (loaded = true));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    // Any import the provider started has finished by now: none loaded the client.
    await vi.dynamicImportSettled();
    expect(loaded).toBe(false);

    // Another tab signs in: supabase-js's session appears in storage; this tab loads the client, which reads it.
    server.use(http.get(restUrl('profiles'), ({ request }) => pgrstRows(request, [{ id: USER.id }])));
    storeSession(USER);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: SESSION_KEY, newValue: localStorage.getItem(SESSION_KEY) }),
      );
    });
    expect(await screen.findByText('signed in as ada@example.com')).toBeInTheDocument();
    expect(loaded).toBe(true);

    // The session came from elsewhere: its account is checked, as the signed-in user.
    await waitFor(async () => expect(await sent.to('GET', 'rest/v1/profiles')).toHaveLength(1));
    const [check] = await sent.to('GET', 'rest/v1/profiles');
    expect(check!.url.searchParams.get('id')).toBe(`eq.${USER.id}`);
    expect(sentAs(check!)).toBe(USER.id);
    expect((await sent.all()).map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /rest/v1/profiles']);
  });
});
