import { HttpError } from './http.ts';

// Two-factor sign-in protects the functions too (docs/product.md, Accounts; docs/decisions/0030-safe-by-default.md):
// a user with a verified factor acts only with an aal2 token, as the database's policies and pre-request
// demand of the Data API. requireCaller (_shared/supabase.ts) has the database answer it: the caller's role is read
// as the caller, and the pre-request refuses that read (callerReadRefusal). delete-account and moderate-account,
// which ask Auth (/user) for the user, check the factors /user lists (requireAssurance). Either way before
// anything is read or changed.

/** What the caller reads; the same words and code as the Data API's refusal (private.check_request()). */
export const SECOND_FACTOR_NEEDED = 'Verify your second factor to continue';

/** The `aal` claim of a JWT's payload, or null. Only for a token Auth has already accepted (getUser). */
export function tokenAal(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/** The part of Auth's user (getUser) this needs: its factors, which GoTrue lists when there are any. */
export interface FactorsOf {
  factors?: { status: string }[] | null;
}

/** 403 insufficient_aal when the user has a verified factor and `token` is not aal2; otherwise nothing. */
export function requireAssurance(user: FactorsOf, token: string): void {
  const twoFactor = (user.factors ?? []).some((factor) => factor.status === 'verified');
  if (twoFactor && tokenAal(token) !== 'aal2') throw new HttpError(403, SECOND_FACTOR_NEEDED, 'insufficient_aal');
}

/** The Data API's sentence for a suspended account (private.check_request), passed on as the functions' refusal. */
export const ACCOUNT_SUSPENDED = 'This account is suspended.';

/**
 * The refusal to pass on when the database refused the caller's own read (requireCaller reads the role as the
 * caller): its pre-request check's 403s, insufficient_aal (two-factor user, aal1 token) and account_suspended, with
 * the same code and words the Data API sends; null for any other error.
 */
export function callerReadRefusal(error: { code?: string | null }): HttpError | null {
  if (error.code === 'insufficient_aal') return new HttpError(403, SECOND_FACTOR_NEEDED, 'insufficient_aal');
  if (error.code === 'account_suspended') return new HttpError(403, ACCOUNT_SUSPENDED, 'account_suspended');
  return null;
}
