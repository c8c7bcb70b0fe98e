import type { Keys } from './keys.ts';

/**
 * The project's API keys by kind, and the two gateway rules that depend on the kind: which `Authorization`
 * a service is handed, and the refusal of a secret key sent from a browser. Rules and sources:
 * local-supabase/README.md ("Gateway") and docs/decisions/0037-keys-and-claims.md.
 */
export type ApiKeyKind = 'publishable' | 'secret' | 'legacy-anon' | 'legacy-service-role';

/** The kind of one of the project's API keys, or null when the value is not one of them. */
export function apiKeyKind(key: string, keys: Keys): ApiKeyKind | null {
  const role = keys.apiKeyRole(key);
  if (!role) return null;
  if (key.startsWith('sb_publishable_')) return 'publishable';
  if (key.startsWith('sb_secret_')) return 'secret';
  return role === 'anon' ? 'legacy-anon' : 'legacy-service-role';
}

/**
 * The `Authorization` hosted's gateway hands to REST, Auth, Storage and Realtime's HTTP API: Kong's
 * request-transformer expression (supabase/cli internal/start/start.go `BearerToken`; the same expression in
 * supabase/supabase docker/volumes/api/kong-entrypoint.sh `LUA_AUTH_EXPR`):
 * 1. an `Authorization` that does not start with exactly `Bearer sb_` passes untouched (a user's JWT, a
 *    legacy key sent as Bearer, or anything else: the service judges it);
 * 2. otherwise the `apikey` header decides: the secret key becomes `Bearer <service_role JWT>`, the
 *    publishable key `Bearer <anon JWT>`;
 * 3. otherwise the `apikey` header's value itself, without a `Bearer ` prefix (a legacy JWT key), so Auth's
 *    endpoints that need a user answer "This endpoint requires a valid Bearer token" and PostgREST, which
 *    reads only `Bearer <token>`, runs as anon;
 * 4. no `apikey` header: no `Authorization`. (The `?apikey=` parameter satisfies key-auth but is not read here.)
 */
export function downstreamAuthorization(
  authorization: string | undefined,
  apikeyHeader: string | undefined,
  keys: Keys,
): string | undefined {
  if (authorization !== undefined && !authorization.startsWith('Bearer sb_')) return authorization;
  if (!apikeyHeader) return undefined;
  const kind = apiKeyKind(apikeyHeader, keys);
  if (kind === 'secret') return `Bearer ${keys.legacyJwtFor('service_role')}`;
  if (kind === 'publishable') return `Bearer ${keys.legacyJwtFor('anon')}`;
  return apikeyHeader;
}

/**
 * Whether a User-Agent is a browser's. Hosted refuses secret keys "in the browser (matches on the `User-Agent`
 * header)" (supabase.com/docs/guides/api/api-keys). Every browser's User-Agent starts `Mozilla/`; the ones
 * hosted was seen refusing do too (Google Apps Script's `Mozilla/5.0 (compatible; Google-Apps-Script)`,
 * PowerShell's `Mozilla/5.0 (Windows NT; …) WindowsPowerShell/…`), while curl, Node (`node`), Deno
 * (`Deno/…`), pg_net (`pg_net/…`) and a custom agent naming a Mac platform in parentheses pass.
 */
export function isBrowserUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /^\s*Mozilla\//i.test(userAgent);
}

/** Hosted's answer to a secret key from a browser: 401, this body, and the `sb-error-code` header. */
export const SECRET_KEY_IN_BROWSER = {
  status: 401,
  errorCode: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
  body: {
    message: 'Forbidden use of secret API key in browser',
    hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
  },
} as const;
