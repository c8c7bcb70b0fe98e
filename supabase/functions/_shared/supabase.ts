import { createClient, isAuthError, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { callerReadRefusal } from './assurance.ts';
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

/** The `default` key of a JSON map the platform sets (SUPABASE_SECRET_KEYS, SUPABASE_PUBLISHABLE_KEYS), or null. */
function defaultKey(name: string): string | null {
  const raw = Deno.env.get(name);
  if (!raw) return null;
  const keys = JSON.parse(raw) as Record<string, string>;
  return keys.default || null;
}

/**
 * The secret key (`sb_secret_…`, SUPABASE_SECRET_KEYS) the functions act with, else the legacy service-role JWT
 * for a project that has no secret key yet (docs/security.md, "Which key goes where").
 */
export function serviceKey(): string {
  const key = defaultKey('SUPABASE_SECRET_KEYS') ?? Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!key) throw new Error('Neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set');
  return key;
}

/** The publishable key (`sb_publishable_…`, SUPABASE_PUBLISHABLE_KEYS), else the legacy anon JWT. */
export function publishableKey(): string {
  const key = defaultKey('SUPABASE_PUBLISHABLE_KEYS') ?? Deno.env.get('SUPABASE_ANON_KEY');
  if (!key) throw new Error('Neither SUPABASE_PUBLISHABLE_KEYS nor SUPABASE_ANON_KEY is set');
  return key;
}

/** A client with the service role: bypasses RLS, so every query filters by the caller's id itself. */
export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), serviceKey(), NO_SESSION);
}

/** A client acting as the caller (their JWT on every request), for reads that RLS should guard. */
export function callerClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization') ?? '';
  return createClient(env('SUPABASE_URL'), publishableKey(), {
    ...NO_SESSION,
    global: { headers: { Authorization: authorization } },
  });
}

// One client per worker for checking tokens: auth-js keeps the project's JWKS it fetched (10 minutes), so the
// requests a worker serves verify signatures locally instead of asking Auth each time.
let verifier: SupabaseClient | null = null;

function tokenVerifier(): SupabaseClient {
  verifier ??= createClient(env('SUPABASE_URL'), publishableKey(), NO_SESSION);
  return verifier;
}

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1]! : null;
}

/**
 * The signed-in caller, or a 401 with `message` (the product's wording: the app looks for "Must be logged in").
 *
 * The token's signature and expiry are checked with auth.getClaims() against the project's JWKS (no request to
 * Auth for an ES256/RS256 token); then the caller's role is read *as the caller*, so the database's pre-request
 * check (private.check_request) answers for the account as it is now: a suspended account is 403
 * account_suspended, a two-factor user with an aal1 token 403 insufficient_aal, and a deleted account has no role
 * row left (401). What this does not see is a session signed out elsewhere while its token has not expired, the
 * same hour the Data API accepts it; delete-account and moderate-account ask Auth (/user) for that
 * (docs/security.md, "Which key goes where").
 */
export async function requireCaller(req: Request, message: string): Promise<Caller> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, message, 'not_logged_in');
  const { data, error } = await tokenVerifier().auth.getClaims(token);
  // A token Auth's keys refuse (bad signature, expired, malformed; an HS256 one /user refuses) is a 4xx; no answer
  // (status 0) or a 5xx while fetching the keys is the platform failing, which is not the caller's doing.
  const refused = isAuthError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  if (error && !refused) throw error;
  const claims = data?.claims;
  if (error || !claims || typeof claims.sub !== 'string' || claims.role !== 'authenticated') {
    throw new HttpError(401, message, 'not_logged_in');
  }
  const { data: roleRow, error: roleError } = await callerClient(req)
    .from('user_roles')
    .select('role')
    .eq('user_id', claims.sub)
    .maybeSingle();
  if (roleError) {
    const refusal = callerReadRefusal(roleError);
    if (refusal) throw refusal;
    // PostgREST refusing the token itself (PGRST301/302/303: 401) agrees with getClaims' refusals above.
    if (roleError.code?.startsWith('PGRST30')) throw new HttpError(401, message, 'not_logged_in');
    throw new Error(`reading the role failed: ${roleError.code} ${roleError.message}`);
  }
  // Every account gets a role at sign-up, and it goes only with the account (profiles → user_roles cascade).
  if (!roleRow) throw new HttpError(401, message, 'not_logged_in');
  if (!isRole(roleRow.role)) throw new HttpError(403, 'Your account has no account type', 'no_role');
  return { id: claims.sub, email: typeof claims.email === 'string' && claims.email ? claims.email : null, role: roleRow.role };
}
