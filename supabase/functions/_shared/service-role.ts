import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http.ts';

// The minute jobs' functions (settle-milestones, settle-orders, send-push, send-notification-mails) answer only the
// service role: pg_cron posts to them through pg_net with the project's secret key in the `apikey` header, where
// hosted's guide puts `sb_secret_…` keys (it is no JWT; docs/payments.md, docs/security.md "Which key goes where").
// Installations that still store the legacy service-role JWT send it as a Bearer token, which stays accepted.
// The key itself is compared: a valid user JWT is not enough.

/** The project's service keys: the newer secret keys and the legacy JWT, whichever are set. */
export function serviceKeys(): string[] {
  const keys = Object.values(JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>);
  const legacy = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  return [...keys, ...(legacy ? [legacy] : [])].filter(Boolean);
}

/** The keys a request presents: its `apikey` header and its Bearer token. */
export function presentedKeys(req: Request): string[] {
  const apikey = req.headers.get('apikey')?.trim();
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return [...(apikey ? [apikey] : []), ...(m ? [m[1]!] : [])];
}

/** Whether the request carries one of the project's service keys (in `apikey` or as the Bearer token). */
export function isServiceCall(req: Request): boolean {
  const keys = serviceKeys().map(digest);
  return presentedKeys(req).some((key) => {
    const presented = digest(key);
    return keys.some((known) => timingSafeEqual(presented, known));
  });
}

/**
 * Keys are compared as SHA-256 digests in constant time: equal lengths whatever was sent, and no early exit at the
 * first differing character that would let response times spell out a key.
 */
function digest(key: string): Uint8Array {
  return createHash('sha256').update(key).digest();
}

/** No key: 401 not_logged_in; keys none of which is a service key: 403 not_service_role with `refusal`. */
export function requireServiceRole(req: Request, refusal: string): void {
  if (presentedKeys(req).length === 0) throw new HttpError(401, 'Must be logged in', 'not_logged_in');
  if (!isServiceCall(req)) throw new HttpError(403, refusal, 'not_service_role');
}
