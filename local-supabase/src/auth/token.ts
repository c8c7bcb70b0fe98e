import type { AuthRequest } from './context.ts';
import { AuthError, badRequest, databaseError, oauthError, tooManyRequests, unprocessable } from './errors.ts';
import { parseParams, str } from './params.ts';
import { passwordMatches, passwordStrengthError } from './password.ts';
import { json } from './respond.ts';
import { createSession, newRefreshToken, sessionResponse, type RefreshTokenRow, type SessionRow } from './sessions.ts';
import { CommitWithError, q, transaction, transactionCommitOnError } from './store.ts';
import { findUserByEmail, isBanned, isConfirmed } from './users.ts';

export const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=… (internal/api/token.go). */
export async function token(r: AuthRequest): Promise<void> {
  const grant = r.url.searchParams.get('grant_type') ?? '';
  if (grant === 'password') {
    if (!r.env.limiters.signup.take(r.ip))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    return passwordGrant(r);
  }
  if (grant === 'refresh_token') {
    if (!r.env.limiters.token.take(r.ip))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    return refreshGrant(r);
  }
  if (grant === 'id_token') return idTokenGrant(r);
  // No Web3 provider can be enabled here (web3.go Web3Grant: both chains off).
  if (grant === 'web3') throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
  // pkce needs the PKCE flow this stack does not have; GoTrue's answer for unknown grants.
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

/** The fixed issuers of the providers GoTrue recognises by name alone (token_oidc.go getProvider). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
};

/**
 * grant_type=id_token (token_oidc.go IdTokenGrant) with every OAuth provider off, as this stack has none: the
 * request checks, then a known provider or issuer is "not enabled" and any other is a custom issuer not allowed.
 */
async function idTokenGrant(r: AuthRequest): Promise<void> {
  const p = parseParams(await r.body(), 'IdTokenGrantParams', {
    id_token: 'string',
    access_token: 'string',
    nonce: 'string',
    provider: 'string',
    client_id: 'string',
    issuer: 'string',
    link_identity: 'bool',
  });
  if (str(p, 'id_token') === '') throw oauthError('invalid request', 'id_token required');
  const provider = str(p, 'provider');
  const issuer = str(p, 'issuer');
  if (provider === '' && (str(p, 'client_id') === '' || issuer === ''))
    throw oauthError('invalid request', 'provider or client_id and issuer required');
  const known =
    ID_TOKEN_ISSUERS[provider] ?? Object.values(ID_TOKEN_ISSUERS).find((i) => i === issuer && issuer !== '');
  if (known) throw badRequest('provider_disabled', `Provider (issuer "${known}") is not enabled`);
  throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
}

async function passwordGrant(r: AuthRequest): Promise<void> {
  const { env } = r;
  const p = parseParams(await r.body(), 'PasswordGrantParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
  });
  const email = str(p, 'email');
  const phone = str(p, 'phone');
  const password = str(p, 'password');
  if (email && phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
  if (!email) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  // GoTrue wraps any database error of this lookup (e.g. 22021 for a NUL byte, which PostgreSQL refuses in text)
  // as 500 "Database error querying schema" (ResourceOwnerPasswordGrant): answered here on purpose, not as a crash.
  const user = await findUserByEmail(env.db, email, 'authenticated').catch((err: unknown) => {
    throw databaseError(err, 'Database error querying schema');
  });
  if (!user || !user.row.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user.row)) throw badRequest('user_banned', 'User is banned');
  const ok = await passwordMatches(env.db, password, user.row.encrypted_password);
  // A valid password that no longer meets the policy still signs in, with `weak_password` in the session.
  const weak = ok ? passwordStrengthError(env.settings, password) : null;
  if (!ok) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!isConfirmed(user.row)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await transaction(env.db, async (tx) => {
    const { sessionId, refreshToken } = await createSession(tx, r.req, user.row.id, 'password');
    const extra =
      weak && weak.kind === 'weak_password' ? { weak_password: { message: weak.message, reasons: weak.reasons } } : {};
    return sessionResponse(env.tokens, tx, user.row.id, sessionId, refreshToken, extra);
  });
  json(r, 200, session);
}

/** RefreshTokenGrant (internal/tokens/service.go): rotation with a reuse interval and family revocation. */
async function refreshGrant(r: AuthRequest): Promise<void> {
  const p = parseParams(await r.body(), 'RefreshTokenGrantParams', { refresh_token: 'string' });
  json(r, 200, await rotateRefreshToken(r, str(p, 'refresh_token'), null));
}

/**
 * The refresh itself, shared with the OAuth server's /oauth/token: `clientId` is the authenticated OAuth
 * client there and null on /token, and an OAuth session can only be refreshed by its own client.
 */
export async function rotateRefreshToken(
  r: AuthRequest,
  rt: string,
  clientId: string | null,
): Promise<Record<string, unknown>> {
  const { env } = r;
  if (rt.length < 12 || (rt.length === 12 && !/^[a-z0-9]{12}$/.test(rt)) || rt.length > 12) {
    throw badRequest('validation_failed', 'Refresh token is not valid');
  }
  const found = await q<RefreshTokenRow>(env.db, 'select * from auth.refresh_tokens where token = $1', [rt]);
  const tokenRow = found[0];
  if (!tokenRow) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const userRows = await q<{ banned_until: string | null }>(
    env.db,
    'select banned_until from auth.users where id::text = $1',
    [tokenRow.user_id],
  );
  if (!userRows[0]) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(userRows[0] as never)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const session = tokenRow.session_id
    ? (await q<SessionRow>(env.db, 'select * from auth.sessions where id = $1', [tokenRow.session_id]))[0]
    : undefined;
  if (!session) {
    await q(env.db, 'delete from auth.refresh_tokens where id = $1', [tokenRow.id]);
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  if (
    session.not_after &&
    Date.parse(session.not_after.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) < Date.now()
  ) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  }
  const sessionClient = session.oauth_client_id ?? null;
  if (sessionClient && !clientId)
    throw oauthError('invalid_client', 'Client authentication required for OAuth session');
  if (sessionClient && clientId !== sessionClient)
    throw oauthError('invalid_client', "Client does not match the session's OAuth client");
  if (!sessionClient && clientId)
    throw oauthError('invalid_client', 'Client authentication not allowed for non-OAuth session');

  const body = await transactionCommitOnError(env.db, async (tx) => {
    const locked = (
      await q<RefreshTokenRow>(tx, 'select * from auth.refresh_tokens where token = $1 for update', [rt])
    )[0];
    if (!locked) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    let issued = '';
    if (locked.revoked) {
      const active = (
        await q<RefreshTokenRow>(
          tx,
          'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [session.id],
        )
      )[0];
      if (active && active.parent === locked.token) {
        // The client lost the response to its last refresh: hand back the token already issued.
        issued = active.token;
      } else {
        const updated = Date.parse(locked.updated_at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
        if (Date.now() > updated + env.settings.refreshTokenReuseInterval * 1000) {
          if (env.settings.refreshTokenRotation) {
            await q(
              tx,
              'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
              [session.id],
            );
          }
          throw new CommitWithError(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
        }
      }
    }
    if (!issued) {
      // GrantRefreshTokenSwap: revoke the presented token, issue its child in the same session.
      await q(tx, 'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [locked.id]);
      issued = newRefreshToken();
      await q(
        tx,
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
        [issued, locked.user_id, locked.token, session.id],
      );
    }
    await q(
      tx,
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = coalesce($2, user_agent) where id = $1`,
      [session.id, r.req.headers['user-agent'] ?? null],
    );
    return sessionResponse(env.tokens, tx, locked.user_id, session.id, issued);
  });
  return body;
}
