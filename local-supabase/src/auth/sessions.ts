import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Keys } from '../keys.ts';
import { q, type Queryable } from './store.ts';
import { findUserById, userJson, type LoadedUser } from './users.ts';

/** How the session was authenticated; the amr claim's `method` (models.AuthenticationMethod). */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email_signup'
  | 'email/signup'
  | 'email_change'
  | 'totp'
  | 'mfa/phone'
  | 'mfa/webauthn'
  | 'oauth'
  | 'anonymous'
  | 'anonymous'
  | 'token_refresh'
  | 'oauth_provider/authorization_code';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  factor_id: string | null;
  aal: 'aal1' | 'aal2' | 'aal3' | null;
  not_after: string | null;
  refreshed_at: string | null;
  /** Set on sessions the OAuth server issued to a client (with its granted scopes). */
  oauth_client_id: string | null;
  scopes: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: string;
  created_at: string;
}

/** Legacy refresh tokens: 12 characters [a-z0-9] (the format GoTrue's token_refresh.go still accepts). */
export function newRefreshToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) {
    if (b >= 252) continue; // 252 = 7 * 36: keeps the distribution uniform
    out += alphabet[b % 36];
    if (out.length === 12) return out;
  }
  return out.length === 12 ? out : newRefreshToken();
}

export function clientIp(req: IncomingMessage): string {
  const fwd = req.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress?.replace(/^::ffff:/, '') || '127.0.0.1';
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const rows = await q<SessionRow>(db, 'select * from auth.sessions where id = $1', [id]);
  return rows[0] ?? null;
}

/** GrantAuthenticatedUser: a new session, its first refresh token and the amr claim; updates last_sign_in_at. */
export async function createSession(
  db: Queryable,
  req: IncomingMessage,
  userId: string,
  method: AuthMethod,
  oauth: { clientId: string; scopes: string } | null = null,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const ua = req.headers['user-agent'] ?? null;
  const ip = clientIp(req);
  await q(
    db,
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, oauth_client_id, scopes)
     values ($1, $2, now(), now(), 'aal1', $3, case when $4 ~ '^[0-9a-fA-F.:]+$' then $4::inet end, $5, $6)`,
    [sessionId, userId, ua, ip, oauth?.clientId ?? null, oauth?.scopes ?? null],
  );
  await addAmrClaim(db, sessionId, method);
  const refreshToken = newRefreshToken();
  await q(
    db,
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), '', $3)`,
    [refreshToken, userId, sessionId],
  );
  await q(db, 'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await q(db, `update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  return { sessionId, refreshToken };
}

/** AddClaimToSession: one row per method, refreshed on repeat. */
export async function addAmrClaim(db: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await q(
    db,
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method, randomUUID()],
  );
}

/** CalculateAALAndAMR: the session's aal and its claims, newest first. */
export async function aalAndAmr(
  db: Queryable,
  sessionId: string,
): Promise<{
  aal: string;
  amr: { method: string; timestamp: number }[];
  clientId: string | null;
  scopes: string | null;
}> {
  const s = await q<{ aal: string | null; oauth_client_id: string | null; scopes: string | null }>(
    db,
    'select aal, oauth_client_id, scopes from auth.sessions where id = $1',
    [sessionId],
  );
  const claims = await q<{ authentication_method: string; ts: string }>(
    db,
    'select authentication_method, extract(epoch from updated_at)::bigint::text as ts from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return {
    aal: s[0]?.aal ?? 'aal1',
    amr: claims.map((c) => ({ method: c.authentication_method, timestamp: Number(c.ts) })),
    clientId: s[0]?.oauth_client_id ?? null,
    scopes: s[0]?.scopes ?? null,
  };
}

export interface TokenContext {
  keys: Keys;
  issuer: string;
  jwtExpiry: number;
}

/** GenerateAccessToken: claim set and order of tokens.AccessTokenClaims; `aud` as a single string. */
export async function accessTokenFor(
  tc: TokenContext,
  db: Queryable,
  user: LoadedUser,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const { aal, amr, clientId, scopes } = await aalAndAmr(db, sessionId);
  const r = user.row;
  const claims = {
    iss: tc.issuer,
    sub: r.id,
    aud: r.aud ?? '',
    email: r.email ?? '',
    phone: r.phone ?? '',
    app_metadata: r.raw_app_meta_data ?? {},
    user_metadata: r.raw_user_meta_data ?? {},
    role: r.role ?? '',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: r.is_anonymous,
    // OAuth-server sessions (omitempty otherwise): the client the tokens were issued to and the granted scopes.
    ...(clientId ? { client_id: clientId } : {}),
    ...(scopes ? { scope: scopes } : {}),
  };
  const token = await tc.keys.signAccessToken(claims, tc.jwtExpiry);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  return { token, expiresAt: payload.exp };
}

/** AccessTokenResponse: the session JSON auth-js stores. */
export async function sessionResponse(
  tc: TokenContext,
  db: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const user = (await findUserById(db, userId))!;
  const { token, expiresAt } = await accessTokenFor(tc, db, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: tc.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
    ...extra,
  };
}

/** models.Logout / LogoutSession / LogoutAllExceptMe: sessions go, their refresh tokens and claims cascade. */
export async function logoutUser(
  db: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null,
): Promise<void> {
  if (scope === 'local' && sessionId) await q(db, 'delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others' && sessionId)
    await q(db, 'delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else {
    await q(db, 'delete from auth.sessions where user_id = $1', [userId]);
    await q(db, 'delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
