import type { AuthRequest } from './context.ts';
import { badRequest, tooManyRequests, unprocessable } from './errors.ts';
import { sendAuthMail } from './mail.ts';
import { obj, parseParams, str } from './params.ts';
import { validateEmail } from './password.ts';
import { referrerOf } from './redirects.ts';
import { json } from './respond.ts';
import { transaction } from './store.ts';
import {
  createEmailIdentity,
  findUserByEmail,
  findUserById,
  insertUser,
  isConfirmed,
  mergeMetadata,
  setRole,
} from './users.ts';

const AUD = 'authenticated';

/** The endpoint's own per-IP bucket (api.go: limitHandler(limiterOpts.Recover / Resend / MagicLink / Otp)). */
function limitEndpoint(r: AuthRequest, bucket: 'recover' | 'resend' | 'magicLink' | 'otp'): void {
  if (!r.env.limiters[bucket].take(r.ip))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
}

/** POST /recover: always 200 `{}`, also for unknown addresses (internal/api/recover.go). */
export async function recover(r: AuthRequest): Promise<void> {
  limitEndpoint(r, 'recover');
  const p = parseParams(await r.body(), 'RecoverParams', {
    email: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  const raw = str(p, 'email');
  if (raw === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  const user = await findUserByEmail(r.env.db, email, AUD);
  if (!user) return json(r, 200, {});
  const redirectTo = referrerOf(r.env.settings, r.req, r.url);
  await transaction(r.env.db, async (tx) => {
    const fresh = (await findUserById(tx, user.row.id, true))!;
    await sendAuthMail(r.env, tx, fresh.row, 'recovery', redirectTo);
  });
  json(r, 200, {});
}

/** POST /resend: signup or email_change links again (internal/api/resend.go). */
export async function resend(r: AuthRequest): Promise<void> {
  limitEndpoint(r, 'resend');
  const p = parseParams(await r.body(), 'ResendConfirmationParams', {
    type: 'string',
    email: 'string',
    phone: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  const type = str(p, 'type');
  const rawEmail = str(p, 'email');
  const phone = str(p, 'phone');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (rawEmail === '' && type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address');
  if (phone === '' && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (rawEmail === '' && phone === '') throw badRequest('validation_failed', 'Missing email address or phone number');
  if (rawEmail === '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(rawEmail);
  const user = await findUserByEmail(r.env.db, email, AUD);
  if (!user) return json(r, 200, {});
  if (type === 'signup' && isConfirmed(user.row)) return json(r, 200, {});
  if (type === 'email_change' && !user.row.email_change) return json(r, 200, {});
  if (type === 'sms' || type === 'phone_change') return json(r, 200, {});
  const redirectTo = referrerOf(r.env.settings, r.req, r.url);
  await transaction(r.env.db, async (tx) => {
    const fresh = (await findUserById(tx, user.row.id, true))!;
    if (type === 'signup') await sendAuthMail(r.env, tx, fresh.row, 'signup', redirectTo);
    else {
      const newEmail = fresh.row.email_change!;
      await sendAuthMail(r.env, tx, fresh.row, 'email_change_new', redirectTo, { to: newEmail, newEmail });
      if (r.env.settings.doubleConfirmChanges)
        await sendAuthMail(r.env, tx, fresh.row, 'email_change_current', redirectTo, { newEmail, skipFrequency: true });
    }
  });
  json(r, 200, {});
}

/** POST /otp with an e-mail: a magic link (or the signup confirmation for a new or unconfirmed user). */
export async function otp(r: AuthRequest): Promise<void> {
  limitEndpoint(r, 'otp');
  return sendOtp(r);
}

/** POST /magiclink: the same mail as /otp, counted in a bucket of its own. */
export async function magicLink(r: AuthRequest): Promise<void> {
  limitEndpoint(r, 'magicLink');
  return sendOtp(r);
}

async function sendOtp(r: AuthRequest): Promise<void> {
  const p = parseParams(await r.body(), 'OtpParams', {
    email: 'string',
    phone: 'string',
    channel: 'string',
    create_user: 'bool',
    data: 'object',
    code_challenge_method: 'string',
    code_challenge: 'string',
  });
  const rawEmail = str(p, 'email');
  const phone = str(p, 'phone');
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(rawEmail);
  const createUser = p.create_user === undefined ? true : p.create_user === true;
  const redirectTo = referrerOf(r.env.settings, r.req, r.url);
  const existing = await findUserByEmail(r.env.db, email, AUD);
  if (!existing) {
    if (!createUser || !r.env.settings.enableSignup) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!r.env.limiters.signup.take(r.ip))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
  await transaction(r.env.db, async (tx) => {
    let id = existing?.row.id;
    if (!id) {
      const data = obj(p, 'data') ?? {};
      id = await insertUser(tx, {
        email,
        passwordHash: null,
        aud: AUD,
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
      });
      await setRole(tx, id, 'authenticated');
      const identityData = { sub: id, email, email_verified: false, phone_verified: false };
      await createEmailIdentity(tx, id, identityData);
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        id,
        mergeMetadata(data, identityData),
      ]);
    }
    const fresh = (await findUserById(tx, id, true))!;
    await sendAuthMail(r.env, tx, fresh.row, isConfirmed(fresh.row) ? 'magiclink' : 'signup', redirectTo);
  });
  json(r, 200, {});
}
