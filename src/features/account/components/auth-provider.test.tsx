import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth as useAuthOutsideProvider } from '@/features/account/hooks/use-auth';
import type { TypedSupabaseClient } from '@/lib/supabase';
import {
  gotrueError,
  sentAs,
  API_URL,
  authUrl,
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';

/**
 * The auth provider with the app's real supabase-js client, its auth events driven by real client calls that the
 * test answers as GoTrue and PostgREST do. Each test starts the app's modules afresh (`startApp`): a new client
 * that reads what this test stored, as a page load does, and a fresh record of the page being opened.
 */

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'ada@example.com');
const SESSION_KEY = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;

type App = Awaited<ReturnType<typeof startApp>>;

async function startApp() {
  vi.resetModules();
  const [{ AuthProvider }, { useAuth }, { trackPageLoad, whenPageSettled }, { whenSupabaseLoaded }] = await Promise.all(
    [
      import('@/features/account/components/auth-provider'),
      import('@/features/account/hooks/use-auth'),
      import('@/lib/page-settled'),
      import('@/lib/supabase-loader'),
    ],
  );
  const queryClient = new QueryClient();
  let loaded: TypedSupabaseClient | null = null;
  whenSupabaseLoaded((client) => (loaded = client));

  function Probe() {
    const auth = useAuth();
    return (
      <>
        <p>{auth.status === 'signed-in' ? `signed in as ${auth.user.email}` : auth.status}</p>
        <p>last event: {auth.event ?? 'none'}</p>
      </>
    );
  }

  return {
    queryClient,
    render: () =>
      render(
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <Probe />
          </AuthProvider>
        </QueryClientProvider>,
      ),
    /** The app's client (the one the provider follows), loading it if nothing has yet. */
    client: async () => (await import('@/lib/supabase')).supabase,
    /** The page being opened is still loading until `finish()` (as the router's first match is, at start). */
    holdPage() {
      let finish = () => {};
      trackPageLoad(new Promise<void>((resolve) => (finish = resolve)));
      return { finish };
    },
    /** Stops this page load's client (its timers, its channel to other tabs' clients), if it was loaded. */
    stop: async () => {
      await loaded?.auth.dispose();
    },
    /** Resolves once the page has settled, painted and idled: after any background work waiting for that. */
    settled: () => new Promise<void>((resolve) => whenPageSettled(queryClient, resolve)),
  };
}

/** The profiles table answers the account check with `answer`. */
function profilesAnswer(answer: (request: Request) => Response) {
  server.use(http.get(restUrl('profiles'), ({ request }) => answer(request)));
}
const profileExists = () => profilesAnswer((request) => pgrstRows(request, [{ id: USER.id }]));
const profileGone = () => profilesAnswer((request) => pgrstRows(request, []));

/** GoTrue: passwords and refresh tokens give USER a new session; logout revokes (204). */
function gotrueAnswers() {
  server.use(
    http.post(authUrl('token'), () => HttpResponse.json(sessionFor(USER))),
    http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
  );
}

/**
 * A returning visitor's stored session that has expired and whose refresh token was revoked elsewhere: GoTrue
 * refuses the refresh (passwords still sign USER in), and supabase-js drops the session. Returns what was stored.
 */
function storeRevokedSession() {
  const stored = { ...sessionFor(USER), expires_at: Math.floor(Date.now() / 1000) - 60 };
  localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
  server.use(
    http.post(authUrl('token'), ({ request }) =>
      new URL(request.url).searchParams.get('grant_type') === 'refresh_token'
        ? gotrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
        : HttpResponse.json(sessionFor(USER)),
    ),
    http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
  );
  return stored;
}

/** Starts the provider for that visitor: it ends signed out once supabase-js has reported the initial session. */
async function startSignedOut(app: App) {
  storeRevokedSession();
  app.render();
  await screen.findByText('last event: INITIAL_SESSION');
  expect(screen.getByText('signed-out')).toBeInTheDocument();
}

describe('AuthProvider', () => {
  let sent: ReturnType<typeof recordRequests>;
  let consoleError: ReturnType<typeof vi.spyOn>;
  let app: App;
  const checks = () => sent.to('GET', 'rest/v1/profiles');
  const logouts = () => sent.to('POST', 'auth/v1/logout');

  beforeEach(async () => {
    sent = recordRequests();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Each test is a page load with a client of its own (the previous one stopped): supabase-js warns of that.
    const warn = console.warn;
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('Multiple GoTrueClient instances')) warn(...args);
    });
    app = await startApp();
  });

  afterEach(async () => {
    await app.stop();
    vi.restoreAllMocks();
  });

  it('is loading until supabase-js reports the initial session, then signed out or in', async () => {
    const expired = storeRevokedSession();
    profileExists();
    app.render();
    expect(screen.getByText('loading')).toBeInTheDocument();

    // The stored session has expired and its refresh token was revoked: supabase-js drops it.
    await screen.findByText('last event: INITIAL_SESSION');
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    const [refresh] = await sent.to('POST', 'auth/v1/token');
    expect(refresh!.url.searchParams.get('grant_type')).toBe('refresh_token');
    expect(refresh!.body).toEqual({ refresh_token: expired.refresh_token });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();

    const supabase = await app.client();
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Str0ngPass' });
    expect(await screen.findByText('signed in as ada@example.com')).toBeInTheDocument();
    const signIns = (await sent.to('POST', 'auth/v1/token')).slice(1);
    expect(signIns.map((r) => r.url.searchParams.get('grant_type'))).toEqual(['password']);
    expect(signIns[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'Str0ngPass',
      gotrue_meta_security: {},
    });
    await waitFor(async () => expect(await checks()).toHaveLength(1));
  });

  it('keeps a user whose profile exists, checking it at once on sign-in (not when the page settles)', async () => {
    // Date.now() stands still: the page's loading below never reaches the settle cap, so only a check that
    // does not wait for the page can be sent while it loads.
    vi.useFakeTimers({ toFake: ['Date'] });
    const page = app.holdPage();
    try {
      await startSignedOut(app);
      profileExists();
      const supabase = await app.client();
      await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Str0ngPass' });
      expect(await screen.findByText('signed in as ada@example.com')).toBeInTheDocument();

      await waitFor(async () => expect(await checks()).toHaveLength(1));
      const [check] = await checks();
      expect(check!.url.searchParams.get('select')).toBe('id');
      expect(check!.url.searchParams.get('id')).toBe(`eq.${USER.id}`);
      expect(sentAs(check!)).toBe(USER.id);

      page.finish();
      await app.settled();
      expect(await checks()).toHaveLength(1);
      expect(await logouts()).toEqual([]);
      expect(screen.getByText('signed in as ada@example.com')).toBeInTheDocument();
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      page.finish();
      vi.useRealTimers();
    }
  });

  it('leaves the account check of a two-factor user until the code is verified (the API refuses aal1)', async () => {
    const factor = { id: 'f0000000-0000-4000-8000-000000000001', status: 'verified', factor_type: 'totp' };
    const twoFactor = { ...USER, factors: [factor] } as typeof USER;
    const atAal = (aal: string) => {
      const session = sessionFor(twoFactor);
      const [head, body, sig] = session.access_token.split('.');
      const claims = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
      const payload = btoa(JSON.stringify({ ...claims, aal }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      return { ...session, access_token: `${head}.${payload}.${sig}` };
    };
    await startSignedOut(app);
    server.use(
      http.post(authUrl('token'), () => HttpResponse.json(atAal('aal1'))),
      http.post(authUrl(`factors/${factor.id}/challenge`), () =>
        HttpResponse.json({ id: 'c1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
      ),
      http.post(authUrl(`factors/${factor.id}/verify`), () => HttpResponse.json(atAal('aal2'))),
    );
    profileExists();
    const supabase = await app.client();
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Str0ngPass' });
    expect(await screen.findByText('last event: SIGNED_IN')).toBeInTheDocument();
    await app.settled();
    expect(await checks()).toEqual([]);

    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: '123456' });
    expect(error).toBeNull();
    expect(await screen.findByText('last event: MFA_CHALLENGE_VERIFIED')).toBeInTheDocument();
    await waitFor(async () => expect(await checks()).toHaveLength(1));
    expect(await logouts()).toEqual([]);
    expect(screen.getByText('signed in as ada@example.com')).toBeInTheDocument();
  });

  it('signs out a user missing from profiles on token refresh', async () => {
    const page = app.holdPage(); // the restored session's own check waits; the refresh's does not
    try {
      storeSession(USER);
      gotrueAnswers();
      profileGone();
      app.render();
      await screen.findByText('signed in as ada@example.com');

      const supabase = await app.client();
      await supabase.auth.refreshSession();
      await waitFor(async () => expect(await logouts()).toHaveLength(1));
      expect(await screen.findByText('signed-out')).toBeInTheDocument();
      expect(consoleError).toHaveBeenCalledWith('User not found in database, clearing session');

      const [refresh] = await sent.to('POST', 'auth/v1/token');
      expect(refresh!.url.searchParams.get('grant_type')).toBe('refresh_token');
      expect(refresh!.body).toEqual({ refresh_token: `refresh-${USER.id}` });
      const [check, ...more] = await checks();
      expect(more).toEqual([]);
      expect(check!.url.searchParams.get('id')).toBe(`eq.${USER.id}`);
      const [logout] = await logouts();
      expect(logout!.url.searchParams.get('scope')).toBe('global');
      expect(sentAs(logout!)).toBe(USER.id);
      expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    } finally {
      page.finish();
    }
  });

  it('signs out when the check fails', async () => {
    await startSignedOut(app);
    profilesAnswer(() => pgrstError(500, '57014', 'canceling statement due to statement timeout'));
    const supabase = await app.client();
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Str0ngPass' });

    await waitFor(async () => expect(await logouts()).toHaveLength(1));
    expect(await screen.findByText('last event: SIGNED_OUT')).toBeInTheDocument();
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Error verifying user, clearing session',
      expect.objectContaining({ code: '57014', message: 'canceling statement due to statement timeout' }),
    );
  });

  it('checks a session restored from storage on load, once the page has painted', async () => {
    storeSession(USER);
    gotrueAnswers();
    profileGone();
    app.render();
    expect(screen.getByText('loading')).toBeInTheDocument();
    await screen.findByText('signed in as ada@example.com');
    // Not inside the event's own task: the page paints first.
    expect(await checks()).toEqual([]);

    await waitFor(async () => expect(await logouts()).toHaveLength(1));
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(await checks()).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledWith('User not found in database, clearing session');
    // Restoring a valid session asks GoTrue for nothing.
    expect(await sent.to('POST', 'auth/v1/token')).toEqual([]);
  });

  it("waits for the page being opened, and drops the restored session's check when the user signs out first", async () => {
    const page = app.holdPage();
    storeSession(USER);
    gotrueAnswers();
    profileGone();
    app.render();
    await screen.findByText('signed in as ada@example.com');
    expect(await checks()).toEqual([]); // the page's route is still loading

    const supabase = await app.client();
    await supabase.auth.signOut();
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    page.finish();
    await app.settled();
    expect(await checks()).toEqual([]);
    expect(await logouts()).toHaveLength(1); // the user's own
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('treats the SIGNED_IN supabase-js reports while it starts as the restored session: checked once, when the page settles', async () => {
    const page = app.holdPage();
    storeSession(USER);
    gotrueAnswers();
    profileExists();
    // The provider follows the client from the moment it exists, so it hears the start's SIGNED_IN, then
    // INITIAL_SESSION.
    app.render();
    await screen.findByText('last event: INITIAL_SESSION');
    expect(screen.getByText('signed in as ada@example.com')).toBeInTheDocument();
    expect(await checks()).toEqual([]);

    page.finish();
    await waitFor(async () => expect(await checks()).toHaveLength(1));
    await app.settled();
    expect(await checks()).toHaveLength(1);
    expect(await logouts()).toEqual([]);
  });

  it('does not check on other events', async () => {
    await startSignedOut(app);
    profileExists();
    server.use(http.put(authUrl('user'), () => HttpResponse.json({ ...USER, user_metadata: { full_name: 'Ada L.' } })));
    const supabase = await app.client();
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Str0ngPass' });
    await waitFor(async () => expect(await checks()).toHaveLength(1)); // the sign-in's

    await supabase.auth.updateUser({ data: { full_name: 'Ada L.' } });
    expect(await screen.findByText('last event: USER_UPDATED')).toBeInTheDocument();
    const [update] = await sent.to('PUT', 'auth/v1/user');
    expect(update!.body).toEqual({ data: { full_name: 'Ada L.' }, code_challenge: null, code_challenge_method: null });
    await app.settled();
    expect(await checks()).toHaveLength(1);
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuthOutsideProvider())).toThrow('useAuth must be used within an AuthProvider');
    consoleError.mockRestore();
  });
});
