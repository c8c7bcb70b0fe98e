import type { AuthRequest } from './context.ts';
import { AuthError, badRequest, databaseError, forbidden, unprocessable } from './errors.ts';
import { tokenHash } from './mail.ts';
import { parseParams, str } from './params.ts';
import { validateEmail } from './password.ts';
import { referrerOf } from './redirects.ts';
import { json, redirect } from './respond.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { q, transaction, type Queryable } from './store.ts';
import { confirmUser, findUserByEmail, findUserByToken, isBanned, isConfirmed, type LoadedUser } from './users.ts';

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

type Outcome = { kind: 'session'; body: Record<string, unknown>; type: string } | { kind: 'message'; message: string };

function sentAtMs(v: string | null): number | null {
  return v ? Date.parse(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) : null;
}

/** verifyTokenHash: find the user by the hashed token for this type, refuse banned users and expired links. */
async function userForTokenHash(
  r: AuthRequest,
  tx: Queryable,
  type: string,
  hash: string,
  // verifyUserAndToken (an e-mail and its OTP) words a miss differently from verifyTokenHash (a link's hash).
  expiredMessage = 'Email link is invalid or has expired',
): Promise<{ user: LoadedUser; type: string }> {
  // A lookup PostgreSQL refuses (22021 for a NUL byte in the hash) is GoTrue's 500 with this message, not a crash.
  const find = (col: Parameters<typeof findUserByToken>[1]) =>
    findUserByToken(tx, col, hash).catch((err: unknown) => {
      throw databaseError(err, 'Database error finding user from email link');
    });
  const column =
    type === 'signup' || type === 'invite'
      ? 'confirmation_token'
      : type === 'recovery' || type === 'magiclink'
        ? 'recovery_token'
        : type === 'email_change'
          ? 'email_change'
          : type === 'email'
            ? 'confirmation_token'
            : null;
  if (!column) throw badRequest('validation_failed', 'Invalid email verification type');
  let user = await find(column);
  let effective = type;
  if (type === 'email') {
    effective = 'signup';
    if (!user) {
      user = await find('recovery_token');
      effective = 'magiclink';
    }
  }
  const expired = forbidden('otp_expired', expiredMessage);
  if (!user) throw expired;
  if (isBanned(user.row)) throw forbidden('user_banned', 'User is banned');
  const row = user.row;
  const sent =
    effective === 'signup'
      ? row.confirmation_sent_at
      : effective === 'invite'
        ? (row.confirmation_sent_at ?? row.invited_at)
        : effective === 'email_change'
          ? row.email_change_sent_at
          : row.recovery_sent_at;
  const ms = sentAtMs(sent);
  if (ms === null || ms + r.env.settings.otpExpiry * 1000 < Date.now()) throw expired;
  return { user, type: effective };
}

/** signupVerify / recoverVerify / emailChangeVerify, then a new session (amr otp). */
async function applyVerification(
  r: AuthRequest,
  tx: Queryable,
  user: LoadedUser,
  type: string,
  hash: string,
): Promise<Outcome> {
  const row = user.row;
  if (type === 'signup' || type === 'invite') {
    await confirmUser(tx, row);
  } else if (type === 'recovery' || type === 'magiclink') {
    await q(tx, "update auth.users set recovery_token = '', updated_at = now() where id = $1", [row.id]);
    await q(tx, 'delete from auth.one_time_tokens where user_id = $1', [row.id]);
    if (!isConfirmed(row)) await confirmUser(tx, row);
  } else if (type === 'email_change') {
    const status = row.email_change_confirm_status ?? 0;
    const isCurrent = hash === row.email_change_token_current;
    if (r.env.settings.doubleConfirmChanges && status === 0 && row.email_change_token_current) {
      await q(
        tx,
        `update auth.users set email_change_confirm_status = 1, ${isCurrent ? 'email_change_token_current' : 'email_change_token_new'} = '', updated_at = now() where id = $1`,
        [row.id],
      );
      return { kind: 'message', message: SINGLE_CONFIRMATION };
    }
    const newEmail = row.email_change ?? '';
    await q(
      tx,
      // $2 typed once (text): used bare for the varchar column and as text in jsonb_build_object, PostgreSQL
      // refuses the statement ("inconsistent types deduced for parameter $2").
      `update auth.users set email = $2::text, email_change = '', email_change_token_current = '', email_change_token_new = '',
         email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text), updated_at = now()
       where id = $1`,
      [row.id, newEmail],
    );
    await q(
      tx,
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [row.id, newEmail],
    );
    await q(tx, 'delete from auth.one_time_tokens where user_id = $1', [row.id]);
  } else {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  const { sessionId, refreshToken } = await createSession(tx, r.req, row.id, 'otp');
  return { kind: 'session', type, body: await sessionResponse(r.env.tokens, tx, row.id, sessionId, refreshToken) };
}

/** GET /verify: the e-mail link. Redirects (303) with the session, or the error, in the URL fragment. */
export async function verifyGet(r: AuthRequest): Promise<void> {
  if (!r.env.limiters.verify.take(r.ip))
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  const token = r.url.searchParams.get('token') ?? '';
  const type = r.url.searchParams.get('type') ?? '';
  const redirectTo = referrerOf(r.env.settings, r.req, r.url);
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  let outcome: Outcome;
  try {
    outcome = await transaction(r.env.db, async (tx) => {
      const found = await userForTokenHash(r, tx, type, token);
      return applyVerification(r, tx, found.user, found.type, token);
    });
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    redirect(r.res, errorRedirectUrl(redirectTo, err));
    return;
  }
  if (outcome.kind === 'message') {
    redirect(r.res, `${redirectTo.split('#')[0]}#${new URLSearchParams({ message: outcome.message }).toString()}`);
    return;
  }
  // tokens.AsRedirectURL: url.Values.Encode sorts the keys.
  const b = outcome.body;
  const fragment = new URLSearchParams(
    Object.entries({
      access_token: String(b.access_token),
      expires_at: String(b.expires_at),
      expires_in: String(b.expires_in),
      refresh_token: String(b.refresh_token),
      sb: '',
      token_type: String(b.token_type),
      type,
    }),
  );
  redirect(r.res, `${redirectTo}#${fragment.toString()}`);
}

/** prepErrorRedirectURL: error, error_code, error_description and sb in the fragment (sorted keys). */
export function errorRedirectUrl(redirectTo: string, err: AuthError): string {
  const hq = new URLSearchParams();
  const oauth = OAUTH_ERROR[err.status];
  if (oauth) hq.set('error', oauth);
  hq.set('error_code', err.code);
  hq.set('error_description', err.message);
  hq.set('sb', '');
  hq.sort();
  let base = redirectTo;
  try {
    const u = new URL(redirectTo);
    u.hash = '';
    base = u.toString();
  } catch {
    /* site_url is always a URL; keep the string otherwise */
  }
  return `${base}#${hq.toString()}`;
}

/** POST /verify: token_hash + type, or e-mail + OTP + type; answers the session JSON. */
export async function verifyPost(r: AuthRequest): Promise<void> {
  if (!r.env.limiters.verify.take(r.ip))
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  const p = parseParams(await r.body(), 'VerifyParams', {
    type: 'string',
    token: 'string',
    token_hash: 'string',
    email: 'string',
    phone: 'string',
    redirect_to: 'string',
  });
  const type = str(p, 'type');
  const tokenValue = str(p, 'token');
  let hash = str(p, 'token_hash');
  const email = str(p, 'email');
  const phone = str(p, 'phone');
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((tokenValue === '' && hash === '') || (tokenValue !== '' && hash !== ''))
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (tokenValue !== '') {
    if (phone !== '' && email === '') {
      // isPhoneOtpVerification: validatePhone first. No phone provider here, so no SMS code was ever sent and
      // none can match: verifyUserAndToken's answer for a wrong or unknown code.
      if (!/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, '').replace(/ /g, '')))
        throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
      throw forbidden('otp_expired', 'Token has expired or is invalid');
    }
    if (phone !== '' || type === 'sms' || type === 'phone_change')
      throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    if (email === '')
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    let normalized: string;
    try {
      normalized = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    // The OTP was hashed with the address it was sent to (the new one for email_change tokens is not supported here).
    hash = tokenHash(normalized, tokenValue);
    if (type !== 'email_change') {
      // verifyUserAndToken finds the person by address first and refuses a banned one before it looks at the
      // code, so a banned person hears "User is banned" whatever code they typed.
      const owner = await findUserByEmail(r.env.db, normalized, 'authenticated').catch((err: unknown) => {
        throw databaseError(err, 'Database error finding user');
      });
      if (!owner) throw forbidden('otp_expired', 'Token has expired or is invalid');
      if (isBanned(owner.row)) throw forbidden('user_banned', 'User is banned');
    }
  } else if (email !== '' || phone !== '' || str(p, 'redirect_to') !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const expiredMessage = tokenValue !== '' ? 'Token has expired or is invalid' : undefined;
  const outcome = await transaction(r.env.db, async (tx) => {
    const found = await userForTokenHash(r, tx, type, hash, expiredMessage);
    return applyVerification(r, tx, found.user, found.type, hash);
  });
  if (outcome.kind === 'message') {
    json(r, 200, { msg: outcome.message, code: '200' });
    return;
  }
  json(r, 200, outcome.body);
}
