import type { AuthRequest } from './context.ts';
import { badRequest, forbidden, AuthError, tooManyRequests, unprocessable } from './errors.ts';
import { sendAuthMail, tokenHash } from './mail.ts';
import { obj, parseParams, str } from './params.ts';
import { hashPassword, passwordMatches, passwordStrengthError, validateEmail } from './password.ts';
import { referrerOf } from './redirects.ts';
import { json, noContent } from './respond.ts';
import { logoutUser } from './sessions.ts';
import { q, transaction } from './store.ts';
import { findUserByEmail, findUserById, mergeMetadata, userJson, type UserRow } from './users.ts';

/** GET /user: the caller, after requireAuthentication; the token's audience must be the request's. */
export async function getUser(r: AuthRequest): Promise<void> {
  const aud = r.claims?.aud;
  const first = Array.isArray(aud) ? aud[0] : aud;
  if (first !== 'authenticated') throw badRequest('validation_failed', "Token audience doesn't match request audience");
  json(r, 200, userJson(r.user!));
}

/**
 * GET /reauthenticate (reauthenticate.go): mails the signed-in user a one-time code (the nonce a password
 * update asks for when secure_password_change is on). Needs a confirmed e-mail; the per-user mail frequency and
 * the e-mail budget apply. Answers `{}`.
 */
export async function reauthenticate(r: AuthRequest): Promise<void> {
  const user = r.user!.row;
  const email = user.email ?? '';
  if (email === '' && (user.phone ?? '') === '')
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  if (email === '') throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await transaction(r.env.db, async (tx) => {
    await sendAuthMail(r.env, tx, user, 'reauthentication', '');
  });
  json(r, 200, {});
}

/**
 * verifyReauthentication (reauthenticate.go): the nonce must hash to the stored token and be younger than
 * otp_expiry. A valid one is spent at once (ConfirmReauthentication, outside the update's transaction): the
 * token and every one-time token of the user are cleared even when the update then fails (e.g. same_password).
 */
async function verifyReauthentication(r: AuthRequest, user: UserRow, nonce: string): Promise<void> {
  const invalid = unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  const sent = user.reauthentication_sent_at;
  if (!user.reauthentication_token || !sent) throw invalid;
  const sentMs = Date.parse(sent.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  if (
    tokenHash(user.email ?? '', nonce) !== user.reauthentication_token ||
    sentMs + r.env.settings.otpExpiry * 1000 < Date.now()
  )
    throw invalid;
  await transaction(r.env.db, async (tx) => {
    await q(tx, "update auth.users set reauthentication_token = '' where id = $1", [user.id]);
    await q(tx, 'delete from auth.one_time_tokens where user_id = $1', [user.id]);
  });
}

/** PUT /user (internal/api/user.go UserUpdate): password, metadata, e-mail change. */
export async function updateUser(r: AuthRequest): Promise<void> {
  const { env } = r;
  // api.go: PUT /user is limited per IP (limiterOpts.User) after the session is checked.
  if (!env.limiters.user.take(r.ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  const p = parseParams(await r.body(), 'UserUpdateParams', {
    email: 'string',
    password: 'string',
    current_password: 'string',
    nonce: 'string',
    data: 'object',
    app_metadata: 'object',
    phone: 'string',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  const user = r.user!;
  const session = r.session ?? null;
  let email = str(p, 'email');
  if (email !== '') email = validateEmail(email);
  if (str(p, 'phone') !== '') throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  const hasPassword = typeof p.password === 'string';
  const password = str(p, 'password');
  if (hasPassword) {
    const weak = passwordStrengthError(env.settings, password);
    if (weak) throw weak;
  }
  if (p.app_metadata !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const verifiedFactor = user.factors.some((f) => f.status === 'verified');
  if (
    verifiedFactor &&
    session?.aal !== 'aal2' &&
    ((hasPassword && password !== '') || (email !== '' && email !== user.row.email))
  ) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (email !== '' && email !== user.row.email) {
    const dup = await findUserByEmail(env.db, email, 'authenticated');
    if (dup && dup.row.id !== user.row.id)
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  let newHash: string | null = null;
  if (hasPassword) {
    if (
      env.settings.securePasswordChange &&
      (!session ||
        Date.now() > Date.parse(session.created_at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) + 86_400_000)
    ) {
      const nonce = str(p, 'nonce');
      if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      await verifyReauthentication(r, user.row, nonce);
    }
    if (
      password !== '' &&
      user.row.encrypted_password &&
      (await passwordMatches(env.db, password, user.row.encrypted_password))
    ) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(env.db, password);
  }
  const redirectTo = referrerOf(env.settings, r.req, r.url);
  await transaction(env.db, async (tx) => {
    if (newHash !== null) {
      // UpdatePassword: clears every pending token and signs out all other sessions.
      await q(
        tx,
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null, recovery_token = '',
           recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
           reauthentication_token = '', reauthentication_sent_at = null, updated_at = now() where id = $1`,
        [user.row.id, newHash],
      );
      await q(tx, 'delete from auth.one_time_tokens where user_id = $1', [user.row.id]);
      await logoutUser(tx, user.row.id, session ? 'others' : 'global', session?.id ?? null);
    }
    const data = obj(p, 'data');
    if (data) {
      const current =
        (
          await q<{ m: Record<string, unknown> | null }>(
            tx,
            'select raw_user_meta_data as m from auth.users where id = $1',
            [user.row.id],
          )
        )[0]?.m ?? null;
      await q(tx, 'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.row.id,
        mergeMetadata(current, data),
      ]);
    }
    if (email !== '' && email !== user.row.email) {
      const fresh = (await findUserById(tx, user.row.id, true))!;
      await q(tx, 'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [
        user.row.id,
        email,
      ]);
      // sendEmailChange: with double_confirm_changes both addresses get a link; both must be followed.
      await sendAuthMail(env, tx, fresh.row, 'email_change_new', redirectTo, { to: email, newEmail: email });
      if (env.settings.doubleConfirmChanges && fresh.row.email) {
        await sendAuthMail(env, tx, fresh.row, 'email_change_current', redirectTo, {
          newEmail: email,
          skipFrequency: true,
        });
      } else {
        await q(tx, "update auth.users set email_change_token_current = '' where id = $1", [user.row.id]);
      }
    }
  });
  json(r, 200, userJson((await findUserById(env.db, user.row.id))!));
}

/** POST /logout?scope=global|local|others: 204. */
export async function logout(r: AuthRequest): Promise<void> {
  const scope = r.url.searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope))
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  await logoutUser(
    r.env.db,
    r.user!.row.id,
    (scope || 'global') as 'global' | 'local' | 'others',
    r.session?.id ?? null,
  );
  noContent(r);
}
