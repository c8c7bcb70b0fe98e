import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import { announceSupabase } from '@/lib/supabase-loader';
import type { Database } from '@/types/database';

/**
 * The one Supabase client of the app, typed from the generated database types.
 * supabase-js persists the session in localStorage and refreshes tokens on its own (autoRefreshToken);
 * a missing URL or key throws here, at start-up, with supabase-js's own message.
 */
export const supabase = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});

export type TypedSupabaseClient = typeof supabase;

// The auth provider follows the session from the moment any chunk has loaded the client.
announceSupabase(supabase);
