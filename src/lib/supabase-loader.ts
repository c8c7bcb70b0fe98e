import type { TypedSupabaseClient } from '@/lib/supabase';

/**
 * supabase-js is loaded on demand (the landing page and /auth paint without it). Whoever needs the client in
 * the app shell awaits `loadSupabase()`; the auth provider also learns when any page's chunk has loaded it
 * (`whenSupabaseLoaded`), so it can follow the session from then on.
 */
let loaded: TypedSupabaseClient | null = null;
const waiting = new Set<(client: TypedSupabaseClient) => void>();

export function loadSupabase(): Promise<TypedSupabaseClient> {
  return import('@/lib/supabase').then(({ supabase }) => {
    announceSupabase(supabase);
    return supabase;
  });
}

/** Called by src/lib/supabase.ts once the client exists (also when a page imported it statically). */
export function announceSupabase(client: TypedSupabaseClient): void {
  if (loaded) return;
  loaded = client;
  for (const callback of [...waiting]) callback(client);
  waiting.clear();
}

/** Calls back once the client exists (at once if it does); returns a function that cancels the wait. */
export function whenSupabaseLoaded(callback: (client: TypedSupabaseClient) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
