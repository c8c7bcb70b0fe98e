import type { AuthRequest } from '../context.ts';
import { badRequest, notFound, type AuthError } from '../errors.ts';
import { q } from '../store.ts';
import { isUuid } from '../users.ts';

// Supabase Auth as an OAuth 2.1 authorization server (internal/api/oauthserver): clients registered by an
// admin (clients.ts), /oauth/authorize sending the browser to the app's consent page (authorize.ts), the consent
// API that page calls and the user's grants (consent.ts), and the PKCE code exchange at /oauth/token (token.ts).
// Every route answers 404 feature_disabled unless [auth.oauth_server] enabled = true. This file: what they share.

export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];

export interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  created_at: string;
  updated_at: string;
}

export interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  nonce: string | null;
  status: string;
  authorization_code: string | null;
  expired: boolean;
}

export function requireOAuthServer(r: AuthRequest): void {
  if (!r.env.settings.oauthServer.enabled) throw notFound('feature_disabled', 'OAuth server is disabled');
}

export const parseScopes = (s: string): string[] =>
  s
    .trim()
    .split(' ')
    .map((x) => x.trim())
    .filter(Boolean);

export async function findClient(r: AuthRequest, id: string): Promise<ClientRow | null> {
  if (!isUuid(id)) return null;
  const rows = await q<ClientRow>(r.env.db, 'select * from auth.oauth_clients where id = $1 and deleted_at is null', [
    id,
  ]);
  return rows[0] ?? null;
}

export const validationFailed = (message: string) => badRequest('validation_failed', message);

export function parseJsonBody(buf: Buffer, error: () => AuthError): Record<string, unknown> {
  try {
    const v = JSON.parse(buf.toString('utf8')) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    if (v === null) return {};
  } catch {
    // falls through to the caller's error
  }
  throw error();
}

function withQuery(uri: string, params: Record<string, string>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  // Go's url.Values.Encode sorts keys.
  const sorted = new URLSearchParams([...u.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  u.search = sorted.toString();
  return u.toString();
}

export function errorRedirect(redirectUri: string, error: string, description: string, state: string): string {
  return withQuery(redirectUri, { error, error_description: description, ...(state ? { state } : {}) });
}

export function successRedirect(a: {
  redirect_uri: string;
  authorization_code: string | null;
  state: string | null;
}): string {
  return withQuery(a.redirect_uri, {
    ...(a.authorization_code ? { code: a.authorization_code } : {}),
    ...(a.state ? { state: a.state } : {}),
  });
}
