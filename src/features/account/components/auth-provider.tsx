import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { checkUserExists } from '@/features/account/api/check-user-exists';
import { signOut, takeSignOutEnd } from '@/features/account/api/sign-out';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';
import { mfaChallengeNeeded } from '@/lib/assurance-level';
import { whenPageSettled } from '@/lib/page-settled';
import { isSessionKey, mayHaveSession } from '@/lib/session-hint';
import { loadSupabase, whenSupabaseLoaded } from '@/lib/supabase-loader';
import type { TypedSupabaseClient } from '@/lib/supabase';

const LOADING: AuthState = { status: 'loading', session: null, user: null, event: null };
const GUEST: AuthState = { status: 'signed-out', session: null, user: null, event: null };

function stateOf(event: AuthChangeEvent, session: Session | null): AuthState {
  if (session) return { status: 'signed-in', session, user: session.user, event };
  if (event === 'SIGNED_OUT')
    return { status: 'signed-out', session: null, user: null, event, endsAt: takeSignOutEnd() };
  return { status: 'signed-out', session: null, user: null, event };
}

/**
 * docs/product.md, Accounts: a user whose profile is gone (account deleted elsewhere) must not stay signed in on a stale token,
 * so on sign-in and on every token refresh the profile is looked up; missing or failing, the session ends.
 */
async function verifyUser(userId: string): Promise<void> {
  try {
    if (await checkUserExists(userId)) return;
    console.error('User not found in database, clearing session');
  } catch (error) {
    console.error('Error verifying user, clearing session', error);
  }
  await signOut();
}

/**
 * Holds the session. supabase-js reads it from storage, refreshes tokens on its own (autoRefreshToken)
 * and reports every change here, starting with INITIAL_SESSION.
 *
 * supabase-js is not part of the first paint: with no stored session (and no auth tokens in the URL) the
 * visitor is a guest at once and the client is not even downloaded; the provider subscribes as soon as any
 * page loads it (e.g. /auth's forms) or another tab stores a session. With a stored session the state is
 * loading until supabase-js has read it, exactly as before.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => (mayHaveSession() ? LOADING : GUEST));

  useEffect(() => {
    let unsubscribe: () => void = () => undefined;
    let active = true;
    // The restored session's check, while it waits for the page; any later auth event supersedes it.
    let cancelRestoredCheck = () => {};
    // supabase-js reports a session it recovers from storage as SIGNED_IN to whoever already listens while it
    // starts, then INITIAL_SESSION: until the latter, a SIGNED_IN is that restored session, not a sign-in.
    let started = false;

    function follow(client: TypedSupabaseClient) {
      if (!active) return;
      const {
        data: { subscription },
      } = client.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
        cancelRestoredCheck();
        if (event === 'INITIAL_SESSION') started = true;
        setState(stateOf(event, session));
        // Another user may sign in next in this tab: nothing of the previous one may stay in the cache.
        if (event === 'SIGNED_OUT') queryClient.clear();
        // Checked on sign-in and token refresh; a session restored from storage on load (INITIAL_SESSION)
        // is a sign-in too, and may belong to an account deleted since (e.g. from another device).
        // Before the second factor the API refuses every read of a two-factor user (403 insufficient_aal), so the
        // check waits for the code: it runs when the challenge is verified (MFA_CHALLENGE_VERIFIED).
        const checked = ['SIGNED_IN', 'TOKEN_REFRESHED', 'INITIAL_SESSION', 'MFA_CHALLENGE_VERIFIED'];
        if (checked.includes(event) && session && !mfaChallengeNeeded(session)) {
          // supabase-js runs this callback while holding its auth lock; a supabase call awaited inside it
          // would wait for that lock forever, so the check runs just after. For a session restored on load it
          // runs once the page being opened has loaded, painted and is idle: a background check that does not
          // compete with the page's own reads. Any auth event meanwhile cancels it (a check still pending when
          // the user deletes the account would race the deletion's own sign-out).
          const check = () => void verifyUser(session.user.id);
          const restored = event === 'INITIAL_SESSION' || (event === 'SIGNED_IN' && !started);
          if (restored) cancelRestoredCheck = whenPageSettled(queryClient, check);
          else setTimeout(check, 0);
        }
      });
      unsubscribe = () => subscription.unsubscribe();
    }

    function load() {
      // Once loaded, whenSupabaseLoaded below calls `follow`.
      loadSupabase().catch((error: unknown) => {
        // Misconfiguration (no URL or key) or a chunk that failed to download: nobody can be signed in.
        console.error(error);
        if (active) setState(GUEST);
      });
    }

    const cancelWait = whenSupabaseLoaded(follow);
    if (mayHaveSession()) load();
    // A sign-in in another tab: supabase-js (once loaded) follows storage itself; before that, this does.
    function onStorage(event: StorageEvent) {
      if (isSessionKey(event.key)) load();
    }
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      cancelRestoredCheck();
      cancelWait();
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, [queryClient]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
