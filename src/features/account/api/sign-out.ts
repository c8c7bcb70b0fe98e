import type { SignOutEnd } from '@/features/account/utils/auth-context';
import { loadSupabase } from '@/lib/supabase-loader';

let pendingEnd: SignOutEnd | null = null;

/**
 * The next sign-out, whoever starts it, ends at `end`: set as soon as the caller knows (e.g. the account is
 * gone), so a background sign-out that races its own (the account check finding no user) ends there too.
 */
export function expectSignOutTo(end: SignOutEnd): void {
  pendingEnd = end;
}

/** Where the sign-out under way ends, once: the auth provider takes it with the SIGNED_OUT it reports. */
export function takeSignOutEnd(): SignOutEnd {
  const end = pendingEnd ?? 'auth';
  pendingEnd = null;
  return end;
}

// Loaded on demand: the app shell (Logout, the auth provider) must not pull supabase-js into the first paint.
/**
 * Ends the session everywhere (revokes the refresh token), and always locally: when the server cannot be
 * reached supabase-js keeps the local session, which would leave a "logged out" user signed in.
 */
export async function signOut(options: { endsAt?: SignOutEnd } = {}): Promise<void> {
  if (options.endsAt) expectSignOutTo(options.endsAt);
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) await supabase.auth.signOut({ scope: 'local' });
}
