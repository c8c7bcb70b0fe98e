import { loadSupabase } from '@/lib/supabase-loader';

// Loaded on demand: the app shell (Logout, the auth provider) must not pull supabase-js into the first paint.
/**
 * Ends the session everywhere (revokes the refresh token), and always locally: when the server cannot be
 * reached supabase-js keeps the local session, which would leave a "logged out" user signed in.
 */
export async function signOut(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) await supabase.auth.signOut({ scope: 'local' });
}
