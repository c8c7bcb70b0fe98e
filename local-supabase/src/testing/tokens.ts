import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { nodeOptions, stackConfig } from './clients.ts';

/**
 * An HS256 access token signed with the project's JWT secret, as any service accepts (hosted verifies
 * legacy HS256 tokens too). For tests that need "a signed-in user" without going through Auth.
 */
export async function signUserJwt(
  sub: string = randomUUID(),
  extra: Record<string, unknown> = {},
  expiresInSeconds = 3600,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1', is_anonymous: false, ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(stackConfig.jwtSecret));
}

/** A supabase-js client acting as the user `sub` (a token from signUserJwt): row-level security applies as to them. */
export async function clientAs(sub: string): Promise<SupabaseClient> {
  const token = await signUserJwt(sub);
  return createClient(stackConfig.apiUrl, stackConfig.publishableKey, {
    ...nodeOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}
