import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthRequest } from '../context.ts';
import { AuthError, badRequest, oauthError } from '../errors.ts';
import { json } from '../respond.ts';
import { createSession, sessionResponse } from '../sessions.ts';
import { goTime, q, transaction } from '../store.ts';
import { rotateRefreshToken } from '../token.ts';
import { findUserById, isBanned, isUuid } from '../users.ts';
import {
  findClient,
  parseJsonBody,
  parseScopes,
  requireOAuthServer,
  type AuthorizationRow,
  type ClientRow,
} from './shared.ts';

/** Token endpoint parameters, from JSON or a form body. */
function tokenParams(r: AuthRequest, raw: Buffer): Record<string, string> {
  const type = r.req.headers['content-type'] ?? '';
  const out: Record<string, string> = {};
  const keys = [
    'grant_type',
    'code',
    'refresh_token',
    'redirect_uri',
    'client_id',
    'client_secret',
    'code_verifier',
    'resource',
  ];
  if (type.includes('application/json')) {
    const body = parseJsonBody(raw, () => oauthError('invalid_request', 'Invalid JSON body'));
    for (const k of keys) {
      const v = body[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') throw oauthError('invalid_request', 'Invalid JSON body');
      out[k] = v;
    }
  } else {
    const form = new URLSearchParams(raw.toString('utf8'));
    for (const k of keys) if (form.has(k)) out[k] = form.get(k)!;
  }
  return out;
}

/** requireOAuthClientAuth: Basic header (client_secret_basic), or client_id (+ client_secret) in the body. */
async function authenticateClient(r: AuthRequest, p: Record<string, string>): Promise<ClientRow> {
  const invalid = (detail: string) => badRequest('invalid_credentials', detail);
  let id = p.client_id ?? '';
  let secret = p.client_secret ?? '';
  let method: string;
  const header = r.req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) throw invalid('Invalid client credentials: invalid basic auth format');
    id = decoded.slice(0, i);
    secret = decoded.slice(i + 1);
    method = 'client_secret_basic';
  } else {
    if (!id) throw invalid('Invalid client credentials: client_id is required');
    method = secret ? 'client_secret_post' : 'none';
  }
  if (!isUuid(id)) throw invalid('Invalid client_id format');
  const client = await findClient(r, id);
  if (!client) throw invalid('Invalid client credentials');
  if (client.token_endpoint_auth_method !== method) {
    throw invalid(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${method}' was used`,
    );
  }
  if (client.client_type === 'public') {
    if (secret) throw invalid('public clients must not provide client_secret');
  } else {
    if (!secret) throw invalid('confidential clients must provide client_secret');
    const stored = Buffer.from(client.client_secret_hash ?? '', 'base64url');
    const given = createHash('sha256').update(secret).digest();
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw invalid('invalid client credentials');
  }
  return client;
}

function verifyPkce(a: AuthorizationRow, verifier: string): string | null {
  if (!a.code_challenge) return null;
  if (!verifier) return 'code_verifier is required when PKCE challenge is present';
  const expected =
    a.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : a.code_challenge_method === 'plain'
        ? verifier
        : null;
  if (expected === null) return 'code challenge method not supported';
  const x = Buffer.from(expected);
  const y = Buffer.from(a.code_challenge);
  return x.length === y.length && timingSafeEqual(x, y)
    ? null
    : 'code challenge does not match previously saved code verifier';
}

/** GenerateIDToken: OIDC claims filtered by the granted scopes, audience = the client. */
async function idToken(
  r: AuthRequest,
  userId: string,
  clientId: string,
  scopes: string[],
  nonce: string | null,
): Promise<string> {
  const u = (await findUserById(r.env.db, userId))!.row;
  const meta = (u.raw_user_meta_data ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const claims: Record<string, unknown> = {
    iss: r.env.tokens.issuer,
    sub: u.id,
    aud: clientId,
    ...(nonce ? { nonce } : {}),
    auth_time: u.last_sign_in_at ? Math.floor(Date.parse(goTime(u.last_sign_in_at)!) / 1000) : 0,
    email_verified: false,
    phone_number_verified: false,
    client_id: clientId,
  };
  if (scopes.includes('email')) {
    if (u.email) claims.email = u.email;
    claims.email_verified = u.email_confirmed_at !== null;
  }
  if (scopes.includes('phone')) {
    if (u.phone) claims.phone_number = u.phone;
    claims.phone_number_verified = u.phone_confirmed_at !== null;
  }
  if (scopes.includes('profile')) {
    const name = text(meta.name) ?? text(meta.full_name);
    if (name) claims.name = name;
    const picture = text(meta.picture) ?? text(meta.avatar_url);
    if (picture) claims.picture = picture;
    const username = text(meta.preferred_username) ?? text(meta.username);
    if (username) claims.preferred_username = username;
    if (u.updated_at) claims.updated_at = Math.floor(Date.parse(goTime(u.updated_at)!) / 1000);
  }
  return r.env.keys.signAccessToken(claims, r.env.settings.jwtExpiry);
}

/** POST /oauth/token: authorization_code (with PKCE) or refresh_token; answers without the user object. */
export async function oauthToken(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const p = tokenParams(r, await r.body());
  const client = await authenticateClient(r, p);
  const grant = p.grant_type ?? '';
  if (!grant) throw oauthError('invalid_request', 'grant_type is required');
  if (
    !client.grant_types
      .split(',')
      .map((g) => g.trim())
      .includes(grant)
  ) {
    throw oauthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grant}`);
  }
  if (grant === 'refresh_token') {
    if (!p.refresh_token) throw oauthError('invalid_request', 'refresh_token is required for refresh_token grant');
    if (!r.env.limiters.token.take(r.ip))
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    const s = await rotateRefreshToken(r, p.refresh_token, client.id);
    return json(r, 200, {
      access_token: s.access_token,
      token_type: s.token_type,
      expires_in: s.expires_in,
      refresh_token: s.refresh_token,
    });
  }
  if (grant !== 'authorization_code') throw oauthError('unsupported_grant_type', `Unsupported grant type: ${grant}`);
  if (!p.code) throw oauthError('invalid_request', 'code is required for authorization_code grant');

  const a = (
    await q<AuthorizationRow>(
      r.env.db,
      `select *, code_challenge_method::text as code_challenge_method, now() > expires_at as expired
         from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'`,
      [p.code],
    )
  )[0];
  if (!a) throw oauthError('invalid_grant', 'Invalid authorization code');
  if (a.expired) throw oauthError('invalid_grant', 'Authorization code has expired');
  if (a.client_id !== client.id) throw oauthError('invalid_grant', 'Authorization code was not issued for this client');
  if (p.resource && p.resource !== (a.resource ?? ''))
    throw oauthError('invalid_grant', 'Authorization code resource does not match the resource parameter');
  if (p.redirect_uri && p.redirect_uri !== a.redirect_uri) throw oauthError('invalid_grant', 'Invalid redirect_uri');
  const pkce = verifyPkce(a, p.code_verifier ?? '');
  if (pkce) throw oauthError('invalid_grant', `PKCE verification failed: ${pkce}`);
  if (!a.user_id) throw oauthError('invalid_grant', 'Authorization code has no associated user');
  const user = await findUserById(r.env.db, a.user_id);
  if (!user) throw oauthError('invalid_grant', 'User not found for authorization code');
  if (isBanned(user.row)) throw oauthError('access_denied', 'User is banned');

  const session = await transaction(r.env.db, async (tx) => {
    // Codes are single use: the row is locked, then deleted with the session's creation.
    const locked = await q(
      tx,
      "select id from auth.oauth_authorizations where id = $1 and status = 'approved' for update skip locked",
      [a.id],
    );
    if (!locked.length) throw oauthError('invalid_grant', 'Invalid authorization code');
    const { sessionId, refreshToken } = await createSession(
      tx,
      r.req,
      user.row.id,
      'oauth_provider/authorization_code',
      { clientId: client.id, scopes: a.scope },
    );
    await q(tx, 'delete from auth.oauth_authorizations where id = $1', [a.id]);
    return sessionResponse(r.env.tokens, tx, user.row.id, sessionId, refreshToken);
  });
  const scopes = parseScopes(a.scope);
  json(r, 200, {
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    ...(scopes.includes('openid') ? { id_token: await idToken(r, user.row.id, client.id, scopes, a.nonce) } : {}),
  });
}
