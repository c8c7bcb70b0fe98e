/**
 * Whether this browser may hold a Supabase session, answered without loading supabase-js (~60 KB gzip) so the
 * landing page and /auth can paint for a visitor first. True when supabase-js's session is stored (its
 * default key is `sb-<first label of the API host>-auth-token`) or when the URL carries what its
 * detectSessionInUrl consumes (an e-mail link's tokens in the hash, a PKCE `code`, an auth error).
 * A false "maybe" only costs loading supabase-js early; a false "no" cannot happen for a stored session.
 */
export function mayHaveSession(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (/^sb-.+-auth-token$/.test(window.localStorage.key(i) ?? '')) return true;
    }
  } catch {
    // Storage blocked (privacy settings): supabase-js decides.
    return true;
  }
  return hasAuthParams(window.location.hash, window.location.search);
}

export function hasAuthParams(hash: string, search: string): boolean {
  return /[#&](access_token|error_description)=/.test(hash) || /[?&](code|error_description)=/.test(search);
}

/** A supabase-js session key, e.g. written by another tab: the session may have begun there. */
export function isSessionKey(key: string | null): boolean {
  return key !== null && /^sb-.+-auth-token$/.test(key);
}
