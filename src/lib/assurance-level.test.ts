import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { mfaChallengeNeeded, tokenAssuranceLevel } from '@/lib/assurance-level';

function token(claims: Record<string, unknown>): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
}

function session(aal: string, factors: { status: 'verified' | 'unverified' }[]): Session {
  return { access_token: token({ aal, sub: 'u1' }), user: { id: 'u1', factors } } as unknown as Session;
}

describe('assurance level', () => {
  it('reads the aal claim of an access token', () => {
    expect(tokenAssuranceLevel(token({ aal: 'aal2' }))).toBe('aal2');
    expect(tokenAssuranceLevel('not-a-jwt')).toBeNull();
    expect(tokenAssuranceLevel(undefined)).toBeNull();
  });

  it('needs a code when a verified factor exists and the session is aal1', () => {
    expect(mfaChallengeNeeded(session('aal1', [{ status: 'verified' }]))).toBe(true);
  });

  it('needs nothing at aal2, without factors, or with an unfinished enrolment', () => {
    expect(mfaChallengeNeeded(session('aal2', [{ status: 'verified' }]))).toBe(false);
    expect(mfaChallengeNeeded(session('aal1', []))).toBe(false);
    expect(mfaChallengeNeeded(session('aal1', [{ status: 'unverified' }]))).toBe(false);
    expect(mfaChallengeNeeded(null)).toBe(false);
  });
});
