import { HttpError } from './http.ts';

// The minute jobs' functions (settle-milestones, settle-orders) answer only the service role: pg_cron posts to
// them through pg_net with the service key (docs/payments.md). verify_jwt lets any valid JWT through, so the key
// itself is compared.

/** The project's service keys: the legacy JWT and the newer secret keys, whichever are set. */
export function serviceKeys(): string[] {
  const keys = Object.values(JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>);
  const legacy = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  return [...(legacy ? [legacy] : []), ...keys].filter(Boolean);
}

/** No token: 401 not_logged_in; a token that is not a service key: 403 not_service_role with `refusal`. */
export function requireServiceRole(req: Request, refusal: string): void {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  if (!m) throw new HttpError(401, 'Must be logged in', 'not_logged_in');
  if (!serviceKeys().includes(m[1]!)) throw new HttpError(403, refusal, 'not_service_role');
}
