import type { SentRequest } from '@/testing/supabase-http';

/**
 * Who a request was sent as: the `sub` claim of its `Authorization: Bearer` JWT (a signed-in user's access token),
 * or null when it carried no user's token (signed out: the publishable `sb_` key, or no Authorization at all). The
 * backend decides what a request may do from this token (RLS), so a test of a user's action checks it went out
 * under their name.
 */
export function sentAs(request: Pick<SentRequest, 'headers'>): string | null {
  const match = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '');
  const payload = match?.[1]?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
