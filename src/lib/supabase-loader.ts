import type { TypedSupabaseClient } from '@/lib/supabase';

/**
 * supabase-js is loaded on demand (the landing page and /auth paint without it). Whoever needs the client in
 * the app shell awaits `loadSupabase()`; the auth provider also learns when any page's chunk has loaded it
 * (`whenSupabaseLoaded`), so it can follow the session from then on.
 */
let loaded: TypedSupabaseClient | null = null;
const waiting = new Set<(client: TypedSupabaseClient) => void>();

export function loadSupabase(): Promise<TypedSupabaseClient> {
  // Loaded already (a page imported it): no dynamic-import round through the event loop, which on a busy start
  // put a request behind the app's first render (the project page's role read, one level late).
  if (loaded) return Promise.resolve(loaded);
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
