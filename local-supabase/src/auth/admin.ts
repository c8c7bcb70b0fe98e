import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthRequest } from './context.ts';
import { GoDurationError, parseGoDuration } from './duration.ts';
import { badRequest, internal, notFound, unprocessable } from './errors.ts';
import { generateOtp, sendAuthMail, tokenHash } from './mail.ts';
import { obj, parseParams, str } from './params.ts';
import { hashPassword, passwordStrengthError, validateEmail } from './password.ts';
import { referrerOf } from './redirects.ts';
import { json } from './respond.ts';
import { logoutUser } from './sessions.ts';
import { goTime, q, transaction, type Queryable } from './store.ts';
import {
  confirmUser,
  createEmailIdentity,
  factorJson,
  findUserByEmail,
  findUserById,
  insertUser,
  isConfirmed,
  isUuid,
  mergeMetadata,
  setRole,
  userJson,
  type FactorRow,
  type UserRow,
} from './users.ts';

const ADMIN_FIELDS = {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'string',
  password_hash: 'string',
  email_confirm: 'bool',
  phone_confirm: 'bool',
  user_metadata: 'object',
  app_metadata: 'object',
  ban_duration: 'string',
} as const;

/**
 * `ban_duration` as adminUserCreate/adminUserUpdate read it (internal/api/admin.go): "" leaves the ban alone (null),
 * "none" is a zero duration, anything else goes through Go's time.ParseDuration, whose error is the message's tail.
 */
function banDurationOf(p: Record<string, unknown>): bigint | null {
  const v = str(p, 'ban_duration');
  if (v === '') return null;
  if (v === 'none') return 0n;
  try {
    return parseGoDuration(v);
  } catch (err) {
    if (err instanceof GoDurationError)
      throw badRequest('validation_failed', `invalid format for ban duration: ${err.message}`);
    throw err;
  }
}

/**
 * User.Ban (internal/models/user.go): a zero duration clears banned_until, any other sets it to now + duration (a
 * negative one lands in the past: set, but no ban). It writes banned_until and nothing else (UpdateOnly): sessions
 * and refresh tokens stay, and the stored updated_at does not move. Returns when it happened, which hosted's
 * answer shows as updated_at (pop stamps the in-memory user on every update).
 */
async function banUser(tx: Queryable, id: string, ns: bigint): Promise<string> {
  const rows =
    ns === 0n
      ? await q<{ at: string }>(tx, 'update auth.users set banned_until = null where id = $1 returning now() as at', [
          id,
        ])
      : await q<{ at: string }>(
          tx,
          'update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1 returning now() as at',
          [id, Number(ns) / 1e9],
        );
  return rows[0]!.at;
}

/** GET /admin/users?page&per_page: offset pagination with X-Total-Count and Link (internal/api/pagination.go). */
export async function listUsers(r: AuthRequest): Promise<void> {
  // An empty value counts as absent (paginate skips ""): auth-js sends `page=&per_page=` when given no options.
  const pageRaw = r.url.searchParams.get('page') || null;
  const perRaw = r.url.searchParams.get('per_page') || null;
  const page = pageRaw ? Number(pageRaw) : 1;
  const perPage = perRaw ? Number(perRaw) : 50;
  if (
    !Number.isSafeInteger(page) ||
    page < 0 ||
    !Number.isSafeInteger(perPage) ||
    perPage < 0 ||
    (pageRaw !== null && !/^\d+$/.test(pageRaw)) ||
    (perRaw !== null && !/^\d+$/.test(perRaw))
  ) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${pageRaw !== null && !/^\d+$/.test(pageRaw) ? pageRaw : perRaw}": invalid syntax`,
    );
  }
  const filter = r.url.searchParams.get('filter') ?? '';
  const where =
    "instance_id = '00000000-0000-0000-0000-000000000000' and aud = $1" +
    (filter ? " and (email ilike '%' || $2 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $2 || '%')" : '');
  const args: unknown[] = filter ? ['authenticated', filter] : ['authenticated'];
  const count = Number(
    (await q<{ n: string }>(r.env.db, `select count(*)::text as n from auth.users where ${where}`, args))[0]!.n,
  );
  const offset = (Math.max(page, 1) - 1) * perPage;
  const rows = await q<UserRow>(
    r.env.db,
    `select * from auth.users where ${where} order by created_at desc, id limit ${perPage} offset ${offset}`,
    args,
  );
  const users = [];
  for (const row of rows) users.push(userJson((await findUserById(r.env.db, row.id))!));
  const totalPages = perPage > 0 ? Math.ceil(count / perPage) : 0;
  const link = new URL(r.url.toString());
  let header = '';
  const rel = (n: number) => {
    link.searchParams.set('page', String(n));
    const ordered = new URLSearchParams([...link.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b)));
    return `${link.pathname}?${ordered.toString()}`;
  };
  if (totalPages > page) header += `<${rel(page + 1)}>; rel="next", `;
  header += `<${rel(totalPages)}>; rel="last"`;
  json(r, 200, { users, aud: 'authenticated' }, { Link: header, 'X-Total-Count': String(count) });
}

async function loadTarget(r: AuthRequest) {
  const id = r.params.id!;
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(r.env.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** loadFactor (admin.go): the factor must be the user's; 404 otherwise. */
async function loadTargetFactor(r: AuthRequest) {
  const user = await loadTarget(r);
  const id = r.params.factor_id!;
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = user.factors.find((f) => f.id === id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return { user, factor };
}

/** GET /admin/users/{id}/factors: every factor of the user, verified or not. */
export async function listFactorsAdmin(r: AuthRequest): Promise<void> {
  json(r, 200, (await loadTarget(r)).factors.map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factor_id}: removes it and drops the sessions it raised to aal1; answers it. */
export async function deleteFactorAdmin(r: AuthRequest): Promise<void> {
  const { factor } = await loadTargetFactor(r);
  await transaction(r.env.db, async (tx) => {
    await q(
      tx,
      `delete from auth.mfa_amr_claims where authentication_method = 'totp' and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await q(tx, "update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1", [factor.id]);
    await q(tx, 'delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  json(r, 200, factorJson(factor));
}

/** PUT /admin/users/{id}/factors/{factor_id}: a non-empty friendly_name renames it (phone factors are not offered). */
export async function updateFactorAdmin(r: AuthRequest): Promise<void> {
  const { factor } = await loadTargetFactor(r);
  const p = parseParams(await r.body(), 'adminUserUpdateFactorParams', { friendly_name: 'string', phone: 'string' });
  const name = str(p, 'friendly_name');
  if (name === '') {
    json(r, 200, factorJson(factor));
    return;
  }
  const rows = await q<FactorRow>(
    r.env.db,
    'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *',
    [factor.id, name],
  );
  json(r, 200, factorJson(rows[0]!));
}

export async function getUserAdmin(r: AuthRequest): Promise<void> {
  json(r, 200, userJson(await loadTarget(r)));
}

/** POST /admin/users (adminUserCreate). */
export async function createUserAdmin(r: AuthRequest): Promise<void> {
  const { env } = r;
  const p = parseParams(await r.body(), 'AdminUserParams', ADMIN_FIELDS);
  const aud = str(p, 'aud') || 'authenticated';
  let email = str(p, 'email');
  if (email === '' && str(p, 'phone') === '')
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (str(p, 'phone') !== '') throw badRequest('validation_failed', 'Phone users are not supported by this stack');
  email = validateEmail(email);
  if (await findUserByEmail(env.db, email, aud))
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (p.password !== undefined && str(p, 'password_hash') !== '')
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  let hash: string;
  if (str(p, 'password_hash')) {
    if (!/^\$2[aby]\$\d\d\$/.test(str(p, 'password_hash')))
      throw badRequest('validation_failed', 'Invalid password hash');
    hash = str(p, 'password_hash');
  } else {
    // adminUserCreate skips the password policy; only bcrypt's 72-byte limit applies. No password: a random one.
    const password = str(p, 'password') || randomBytes(48).toString('base64url');
    if (Buffer.byteLength(password) > 72)
      throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
    hash = await hashPassword(env.db, password);
  }
  let id: string | undefined;
  if (str(p, 'id')) {
    if (!isUuid(str(p, 'id'))) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
    if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(str(p, 'id')))
      throw badRequest('validation_failed', 'ID cannot be a nil uuid');
    id = str(p, 'id');
  }
  const banNs = banDurationOf(p);
  const userId = await transaction(env.db, async (tx) => {
    let newId: string;
    try {
      newId = await insertUser(tx, {
        id,
        email,
        passwordHash: hash,
        aud,
        userMetadata: obj(p, 'user_metadata') ?? {},
        appMetadata: { provider: 'email', providers: ['email'] },
      });
    } catch (err) {
      env.log(`admin create user: ${(err as Error).message}`);
      throw internal('Database error creating new user');
    }
    await createEmailIdentity(tx, newId, { sub: newId, email, email_verified: false, phone_verified: false });
    await setRole(tx, newId, str(p, 'role') || 'authenticated');
    const app = obj(p, 'app_metadata');
    if (app)
      await q(tx, 'update auth.users set raw_app_meta_data = $2 where id = $1', [
        newId,
        mergeMetadata({ provider: 'email', providers: ['email'] }, app),
      ]);
    if (p.email_confirm === true) await confirmUser(tx, (await findUserById(tx, newId))!.row);
    if (banNs !== null) await banUser(tx, newId, banNs);
    return newId;
  });
  json(r, 200, userJson((await findUserById(env.db, userId))!));
}

/** PUT /admin/users/{id} (adminUserUpdate). */
export async function updateUserAdmin(r: AuthRequest): Promise<void> {
  const { env } = r;
  const target = await loadTarget(r);
  const p = parseParams(await r.body(), 'AdminUserParams', ADMIN_FIELDS);
  let email = str(p, 'email');
  if (email !== '') email = validateEmail(email);
  // Parsed after the address's check and before the password's, as adminUserUpdate does.
  const banNs = banDurationOf(p);
  if (email !== '') {
    const dup = await findUserByEmail(env.db, email, target.row.aud ?? 'authenticated');
    if (dup && dup.row.id !== target.row.id)
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  let hash: string | null = null;
  if (typeof p.password === 'string') {
    const weak = passwordStrengthError(env.settings, str(p, 'password'));
    if (weak) throw weak;
    hash = await hashPassword(env.db, str(p, 'password'));
  }
  const bannedAt = await transaction(env.db, async (tx) => {
    const id = target.row.id;
    if (str(p, 'role')) await setRole(tx, id, str(p, 'role'));
    if (email !== '' && email !== target.row.email) {
      await q(tx, 'update auth.users set email = $2, updated_at = now() where id = $1', [id, email]);
      await q(
        tx,
        "update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'",
        [id, email],
      );
    }
    if (hash) {
      await q(tx, 'update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [id, hash]);
      await logoutUser(tx, id, 'global', null);
    }
    if (p.email_confirm === true) await confirmUser(tx, (await findUserById(tx, id))!.row);
    const um = obj(p, 'user_metadata');
    if (um) {
      const cur = (await findUserById(tx, id))!.row.raw_user_meta_data;
      await q(tx, 'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        id,
        mergeMetadata(cur, um),
      ]);
    }
    const am = obj(p, 'app_metadata');
    if (am) {
      const cur = (await findUserById(tx, id))!.row.raw_app_meta_data;
      await q(tx, 'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
        id,
        mergeMetadata(cur, am),
      ]);
    }
    return banNs === null ? null : banUser(tx, id, banNs);
  });
  const body = userJson((await findUserById(env.db, target.row.id))!);
  json(r, 200, bannedAt === null ? body : { ...body, updated_at: goTime(bannedAt) });
}

/** DELETE /admin/users/{id}: hard delete (cascades), or `should_soft_delete` (adminUserDelete). */
export async function deleteUserAdmin(r: AuthRequest): Promise<void> {
  const target = await loadTarget(r);
  const body = await r.body();
  const p = body.length ? parseParams(body, 'adminUserDeleteParams', { should_soft_delete: 'bool' }) : {};
  const id = target.row.id;
  if (p.should_soft_delete === true) {
    await transaction(r.env.db, async (tx) => {
      await q(
        tx,
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '', confirmation_token = '', recovery_token = '',
           email_change_token_new = '', email_change_token_current = '', raw_app_meta_data = '{}', raw_user_meta_data = '{}', updated_at = now()
         where id = $1`,
        [id],
      );
      await q(tx, 'delete from auth.identities where user_id = $1', [id]);
      await logoutUser(tx, id, 'global', null);
    });
  } else {
    try {
      await q(r.env.db, 'delete from auth.users where id = $1', [id]);
    } catch (err) {
      r.env.log(`admin delete user: ${(err as Error).message}`);
      throw internal('Database error deleting user');
    }
  }
  json(r, 200, userJson(target));
}

/**
 * POST /invite (invite.go): an admin invites an address. A new user is created without a password (its e-mail
 * identity holds sub and email; user_metadata is the given data) and the invite mail is sent; an address whose
 * user has not confirmed is invited again; a confirmed one is 422 email_exists. Answers the user.
 */
export async function invite(r: AuthRequest): Promise<void> {
  const { env } = r;
  const p = parseParams(await r.body(), 'InviteParams', { email: 'string', data: 'object' });
  const email = validateEmail(str(p, 'email'));
  const redirectTo = referrerOf(env.settings, r.req, r.url);
  const existing = await findUserByEmail(env.db, email, 'authenticated');
  if (existing && isConfirmed(existing.row))
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  const id = await transaction(env.db, async (tx) => {
    let user = existing;
    if (!user) {
      const newId = await insertUser(tx, {
        email,
        passwordHash: null,
        aud: 'authenticated',
        userMetadata: obj(p, 'data') ?? {},
        appMetadata: { provider: 'email', providers: ['email'] },
      });
      await setRole(tx, newId, 'authenticated');
      await createEmailIdentity(tx, newId, { sub: newId, email, email_verified: false, phone_verified: false });
      user = (await findUserById(tx, newId))!;
    }
    // sendInvite: no per-user frequency limit; the token, invited_at and confirmation_sent_at are set together.
    await sendAuthMail(env, tx, user.row, 'invite', redirectTo, { skipFrequency: true });
    await q(tx, 'update auth.users set confirmation_sent_at = invited_at where id = $1', [user.row.id]);
    return user.row.id;
  });
  json(r, 200, userJson((await findUserById(env.db, id))!));
}

/**
 * generate_link for email_change_current / email_change_new (mail.go): the change to new_email is recorded
 * (unconfirmed) and one side's token is set, hashed with that side's address; the link carries type
 * email_change. The current address's link needs secure (double) e-mail change on.
 */
async function emailChangeLink(
  r: AuthRequest,
  user: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>,
  type: 'email_change_current' | 'email_change_new',
  email: string,
  newEmailRaw: string,
  redirectTo: string,
): Promise<void> {
  const { env } = r;
  if (!env.settings.doubleConfirmChanges && type === 'email_change_current')
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  const newEmail = validateEmail(newEmailRaw);
  const dup = await findUserByEmail(env.db, newEmail, 'authenticated');
  if (dup && dup.row.id !== user.row.id)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  const otpValue = generateOtp(env.settings.otpLength);
  const hashed = tokenHash(email, otpValue);
  const stored = type === 'email_change_current' ? hashed : tokenHash(newEmail, otpValue);
  const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
  await transaction(env.db, async (tx) => {
    await q(
      tx,
      `update auth.users set ${column} = $2, email_change = $3, email_change_sent_at = now(),
         email_change_confirm_status = 0, updated_at = now() where id = $1`,
      [user.row.id, stored, newEmail],
    );
    await q(
      tx,
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
      [randomUUID(), user.row.id, column, stored, type === 'email_change_current' ? email : newEmail],
    );
  });
  const fresh = (await findUserById(env.db, user.row.id))!;
  json(r, 200, {
    ...userJson(fresh),
    action_link: `${env.externalUrl}/verify?token=${stored}&type=email_change&redirect_to=${encodeURIComponent(redirectTo)}`,
    email_otp: otpValue,
    hashed_token: hashed,
    verification_type: type,
    redirect_to: redirectTo,
  });
}

/** POST /admin/generate_link: signup, magiclink, recovery, invite, email change; the link is returned, not mailed. */
export async function generateLink(r: AuthRequest): Promise<void> {
  const { env } = r;
  const p = parseParams(await r.body(), 'GenerateLinkParams', {
    type: 'string',
    email: 'string',
    new_email: 'string',
    password: 'string',
    data: 'object',
    redirect_to: 'string',
  });
  let type = str(p, 'type');
  let password = str(p, 'password');
  if (!['signup', 'magiclink', 'recovery', 'invite', 'email_change_current', 'email_change_new'].includes(type))
    throw badRequest('validation_failed', 'Invalid email action link type requested: ' + type);
  const email = validateEmail(str(p, 'email'));
  const redirectTo = referrerOf(env.settings, r.req, r.url, str(p, 'redirect_to') || undefined);
  let user = await findUserByEmail(env.db, email, 'authenticated');
  if (!user && type === 'magiclink') {
    // A magic link for an unknown address signs it up instead, with a random password nobody knows.
    type = 'signup';
    password = `${randomBytes(45).toString('base64url')}aA1!`;
  }
  if (!user && type !== 'signup' && type !== 'invite')
    throw notFound('user_not_found', 'User with this email not found');
  if (type === 'email_change_current' || type === 'email_change_new')
    return emailChangeLink(r, user!, type, email, str(p, 'new_email'), redirectTo);
  if (user && type === 'signup' && user.row.email_confirmed_at)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (user && type === 'invite' && user.row.email_confirmed_at)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (type === 'signup' && !user) {
    const weak = passwordStrengthError(env.settings, password);
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    if (weak) throw weak;
  }
  const result = await transaction(env.db, async (tx) => {
    if (!user) {
      const data = obj(p, 'data') ?? {};
      const hash = type === 'signup' ? await hashPassword(tx, password) : null;
      const id = await insertUser(tx, {
        email,
        passwordHash: hash,
        aud: 'authenticated',
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
      });
      await setRole(tx, id, 'authenticated');
      const identityData = { sub: id, email, email_verified: false, phone_verified: false };
      // The identity only: adminGenerateLink (mail.go) leaves user_metadata as the caller's data.
      await createEmailIdentity(tx, id, identityData);
      if (type === 'invite') await q(tx, 'update auth.users set invited_at = now() where id = $1', [id]);
      user = (await findUserById(tx, id))!;
    }
    const otpValue = generateOtp(env.settings.otpLength);
    const hashed = tokenHash(email, otpValue);
    const column = type === 'signup' || type === 'invite' ? 'confirmation_token' : 'recovery_token';
    const sent = type === 'signup' || type === 'invite' ? 'confirmation_sent_at' : 'recovery_sent_at';
    await q(tx, `update auth.users set ${column} = $2, ${sent} = now(), updated_at = now() where id = $1`, [
      user.row.id,
      hashed,
    ]);
    return { otpValue, hashed, id: user.row.id };
  });
  const fresh = (await findUserById(env.db, result.id))!;
  const action_link = `${env.externalUrl}/verify?token=${result.hashed}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  json(r, 200, {
    ...userJson(fresh),
    action_link,
    email_otp: result.otpValue,
    hashed_token: result.hashed,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
