import type { Session } from '@supabase/supabase-js';

/** The `aal` claim of an access token ('aal1' after a password, 'aal2' after a second factor); null if unreadable. */
export function tokenAssuranceLevel(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * Two-factor sign-in (docs/product.md, Accounts): a user with a verified factor must reach aal2 before using the app. The same rule
 * supabase-js's getAuthenticatorAssuranceLevel applies (next level aal2, current aal1), read from the session
 * without a network call so the guard does not delay every page. The server enforces the same rule on every
 * request (403 insufficient_aal, docs/decisions/0030-safe-by-default.md), so nothing may read the API while this holds:
 * the guard, the account check and the bar wait for the code.
 */
export function mfaChallengeNeeded(session: Pick<Session, 'access_token' | 'user'> | null): boolean {
  if (!session) return false;
  const hasVerifiedFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return hasVerifiedFactor && tokenAssuranceLevel(session.access_token) !== 'aal2';
}
