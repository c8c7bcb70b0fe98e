import { HttpError } from './http.ts';

// Two-factor sign-in protects the functions too (docs/product.md, Accounts; docs/decisions/0030-safe-by-default.md):
// a user with a verified factor acts only with an aal2 token, as the database's policies and pre-request
// demand of the Data API. Checked right after Auth has accepted the token, before anything is read or changed.

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
