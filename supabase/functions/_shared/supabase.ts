import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { requireAssurance } from './assurance.ts';
import { HttpError } from './http.ts';
import { isRole, type Role } from './plans.ts';

/** The signed-in user a function acts for: always read from the verified token, never from the body. */
export interface Caller {
  id: string;
  email: string | null;
  role: Role;
}

const NO_SESSION = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

function env(name: string): string {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

/** The service-role key: the legacy JWT, else the project's default secret key (newer projects). */
function serviceKey(): string {
  const legacy = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (legacy) return legacy;
  const keys = JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>;
  if (keys.default) return keys.default;
  throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set');
}

/** A client with the service role: bypasses RLS, so every query filters by the caller's id itself. */
export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), serviceKey(), NO_SESSION);
}

/** A client acting as the caller (their JWT on every request), for reads that RLS should guard. */
export function callerClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization') ?? '';
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...NO_SESSION,
    global: { headers: { Authorization: authorization } },
  });
}

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1]! : null;
}

/**
 * The signed-in caller, or a 401 with `message` (the product's wording: the app looks for "Must be logged in").
 * The token is checked by Auth (getUser), so a deleted user or a signed-out session is refused even though
 * the platform's verify_jwt let an anon or publishable key through. A user with two-factor sign-in on needs an
 * aal2 token (403 insufficient_aal, _shared/assurance.ts).
 */
export async function requireCaller(req: Request, db: SupabaseClient, message: string): Promise<Caller> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, message, 'not_logged_in');
  const { data, error } = await db.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, message, 'not_logged_in');
  requireAssurance(data.user, token);
  const { data: roleRow, error: roleError } = await db
    .from('user_roles')
    .select('role')
    .eq('user_id', data.user.id)
    .maybeSingle();
  if (roleError) throw new Error(`reading the role failed: ${roleError.message}`);
  // Every user gets a role at sign-up; a user without one is not someone who can hold a membership.
  if (!roleRow || !isRole(roleRow.role)) throw new HttpError(403, 'Your account has no account type', 'no_role');
  return { id: data.user.id, email: data.user.email ?? null, role: roleRow.role };
}
