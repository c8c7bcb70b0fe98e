import { randomUUID } from 'node:crypto';
import type { AuthRequest } from './context.ts';
import { badRequest, internal, tooManyRequests, unprocessable } from './errors.ts';
import { sendAuthMail } from './mail.ts';
import { parseParams, obj, str } from './params.ts';
import { hashPassword, passwordStrengthError, validateEmail } from './password.ts';
import { referrerOf } from './redirects.ts';
import { json } from './respond.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { transaction } from './store.ts';
import {
  confirmUser,
  createEmailIdentity,
  findUserByEmail,
  findUserById,
  insertUser,
  isConfirmed,
  mergeMetadata,
  setRole,
  userJson,
} from './users.ts';

const SIGNUP_FIELDS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'object',
  channel: 'string',
  code_challenge_method: 'string',
  code_challenge: 'string',
} as const;

/** POST /signup (internal/api/signup.go), e-mail provider. */
export async function signup(r: AuthRequest): Promise<void> {
  const { env } = r;
  const s = env.settings;
  const p = parseParams(await r.body(), 'SignupParams', SIGNUP_FIELDS);
  const email = str(p, 'email');
  const phone = str(p, 'phone');
  // The router sends requests without e-mail and phone to anonymous sign-in (api.go).
  if (email === '' && phone === '') return signupAnonymously(r, p);
  if (!r.env.limiters.signup.take(r.ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  if (!s.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const password = str(p, 'password');
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  const weak = passwordStrengthError(s, password);
  if (weak) throw weak;
  if (email !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (email === '') throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  if (!s.emailSignupEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const normalized = validateEmail(email);
  const data = obj(p, 'data') ?? {};
  const aud = 'authenticated';
  const redirectTo = referrerOf(s, r.req, r.url);

  const existing = await findUserByEmail(env.db, normalized, aud);
  if (existing && isConfirmed(existing.row)) {
    if (s.mailerAutoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    // sanitizeUser: an obfuscated stand-in so the response does not reveal the account; no mail is sent.
    const now = new Date().toISOString();
    json(r, 200, {
      id: randomUUID(),
      aud,
      role: '',
      email: normalized,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    });
    return;
  }

  const userId = await transaction(env.db, async (tx) => {
    let id: string;
    if (existing) {
      id = existing.row.id;
    } else {
      const hash = await hashPassword(tx, password);
      try {
        id = await insertUser(tx, {
          email: normalized,
          passwordHash: hash,
          aud,
          userMetadata: data,
          appMetadata: { provider: 'email', providers: ['email'] },
        });
      } catch (err) {
        env.log(`signup: insert failed: ${(err as Error).message}`);
        throw internal('Database error saving new user');
      }
      await setRole(tx, id, 'authenticated');
      const identityData = {
        sub: id,
        email: normalized,
        email_verified: false,
        phone_verified: false,
        ...withoutKeys(data, ['sub', 'email', 'email_verified', 'phone_verified']),
      };
      await createEmailIdentity(tx, id, identityData);
      const meta = mergeMetadata(data, identityData);
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [id, meta]);
    }
    const loaded = (await findUserById(tx, id, true))!;
    if (s.mailerAutoconfirm) await confirmUser(tx, loaded.row);
    else await sendAuthMail(env, tx, loaded.row, 'signup', redirectTo);
    return id;
  });

  const user = (await findUserById(env.db, userId))!;
  if (isConfirmed(user.row)) {
    const session = await transaction(env.db, async (tx) => {
      const { sessionId, refreshToken } = await createSession(tx, r.req, userId, 'password');
      return sessionResponse(env.tokens, tx, userId, sessionId, refreshToken);
    });
    json(r, 200, session);
    return;
  }
  json(r, 200, userJson(user));
}

/**
 * SignupAnonymously (anonymous.go), when [auth] enable_anonymous_sign_ins is on: a user with no e-mail, phone or
 * identity, is_anonymous set, user_metadata the given data and app_metadata empty, signed in at once (amr
 * `anonymous`). Limited per IP and hour by [auth.rate_limit] anonymous_users.
 */
async function signupAnonymously(r: AuthRequest, p: Record<string, unknown>): Promise<void> {
  const { env } = r;
  if (!env.settings.anonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!env.limiters.anonymous.take(r.ip))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  if (!env.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const session = await transaction(env.db, async (tx) => {
    let id: string;
    try {
      id = await insertUser(tx, {
        email: null,
        passwordHash: null,
        aud: 'authenticated',
        userMetadata: obj(p, 'data') ?? {},
        appMetadata: {},
        isAnonymous: true,
      });
      await setRole(tx, id, 'authenticated');
    } catch (err) {
      env.log(`anonymous signup: insert failed: ${(err as Error).message}`);
      throw internal('Database error creating anonymous user');
    }
    const { sessionId, refreshToken } = await createSession(tx, r.req, id, 'anonymous');
    return sessionResponse(env.tokens, tx, id, sessionId, refreshToken);
  });
  json(r, 200, session);
}

function withoutKeys(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}
