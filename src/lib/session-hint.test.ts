import { afterEach, describe, expect, it } from 'vitest';
import { hasAuthParams, isSessionKey, mayHaveSession } from '@/lib/session-hint';

describe('session hint (decides whether supabase-js loads before the first paint)', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is false for a visitor with nothing stored and a plain URL', () => {
    localStorage.setItem('pendingCustomerProfile', '{}');
    expect(mayHaveSession()).toBe(false);
  });

  it("is true when supabase-js's session key is stored", () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    expect(mayHaveSession()).toBe(true);
  });

  it('is true when the URL carries what detectSessionInUrl consumes', () => {
    window.history.replaceState(null, '', '/auth?reset=true#access_token=abc&type=recovery');
    expect(mayHaveSession()).toBe(true);
    expect(hasAuthParams('', '?code=123')).toBe(true);
    expect(hasAuthParams('#error_description=expired', '')).toBe(true);
    expect(hasAuthParams('#customer-signup', '?tab=signup&role=customer')).toBe(false);
  });

  it('recognises session keys only', () => {
    expect(isSessionKey('sb-abcd-auth-token')).toBe(true);
    expect(isSessionKey('sb-abcd-auth-token-code-verifier')).toBe(false);
    expect(isSessionKey(null)).toBe(false);
  });
});
