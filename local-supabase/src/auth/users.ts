import { randomUUID } from 'node:crypto';
import { goTime, q, type Queryable } from './store.ts';

/** auth.users as this service reads it (timestamps as Postgres text). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_confirm_status: number | null;
  phone_change: string | null;
  phone_change_sent_at: string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  phone: string | null;
}

export interface LoadedUser {
  row: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<LoadedUser | null> {
  if (!isUuid(id)) return null;
  const rows = await q<UserRow>(db, `select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ? loadRelations(db, rows[0]) : null;
}

/** FindUserByEmailAndAudience: non-SSO users, case-insensitive. */
export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<LoadedUser | null> {
  const rows = await q<UserRow>(
    db,
    'select * from auth.users where instance_id = $1 and lower(email) = lower($2) and aud = $3 and is_sso_user = false limit 1',
    [NIL_UUID, email, aud],
  );
  return rows[0] ? loadRelations(db, rows[0]) : null;
}

export async function findUserByToken(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change',
  hash: string,
): Promise<LoadedUser | null> {
  const where =
    column === 'email_change' ? '(email_change_token_current = $1 or email_change_token_new = $1)' : `${column} = $1`;
  const rows = await q<UserRow>(db, `select * from auth.users where ${where} and $1 <> '' limit 1 for update`, [hash]);
  return rows[0] ? loadRelations(db, rows[0]) : null;
}

export async function loadRelations(db: Queryable, row: UserRow): Promise<LoadedUser> {
  const identities = await q<IdentityRow>(db, 'select * from auth.identities where user_id = $1 order by created_at', [
    row.id,
  ]);
  const factors = await q<FactorRow>(db, 'select * from auth.mfa_factors where user_id = $1 order by created_at', [
    row.id,
  ]);
  return { row, identities, factors };
}

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export function isConfirmed(u: UserRow): boolean {
  return u.email_confirmed_at !== null;
}

export function isBanned(u: UserRow): boolean {
  return (
    u.banned_until !== null && Date.parse(u.banned_until.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) > Date.now()
  );
}

/** Drops absent (null/undefined) keys, like Go's `omitempty` on pointer fields. */
function omitEmpty(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    ...(i.identity_data && Object.keys(i.identity_data).length ? { identity_data: i.identity_data } : {}),
    provider: i.provider,
    ...omitEmpty({ last_sign_in_at: goTime(i.last_sign_in_at) }),
    created_at: goTime(i.created_at),
    updated_at: goTime(i.updated_at),
    ...omitEmpty({ email: i.email }),
  };
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: goTime(f.created_at),
    updated_at: goTime(f.updated_at),
    ...omitEmpty({ last_challenged_at: goTime(f.last_challenged_at) }),
    phone: f.phone ?? '',
  };
}

/** models.User's JSON, field order and omitempty as in internal/models/user.go. */
export function userJson(u: LoadedUser): Record<string, unknown> {
  const r = u.row;
  return {
    id: r.id,
    aud: r.aud ?? '',
    role: r.role ?? '',
    email: r.email ?? '',
    ...omitEmpty({ email_confirmed_at: goTime(r.email_confirmed_at), invited_at: goTime(r.invited_at) }),
    phone: r.phone ?? '',
    ...omitEmpty({
      phone_confirmed_at: goTime(r.phone_confirmed_at),
      confirmation_sent_at: goTime(r.confirmation_sent_at),
      confirmed_at: goTime(r.confirmed_at),
      recovery_sent_at: goTime(r.recovery_sent_at),
      new_email: r.email_change,
      email_change_sent_at: goTime(r.email_change_sent_at),
      new_phone: r.phone_change,
      phone_change_sent_at: goTime(r.phone_change_sent_at),
      reauthentication_sent_at: goTime(r.reauthentication_sent_at),
      last_sign_in_at: goTime(r.last_sign_in_at),
    }),
    app_metadata: r.raw_app_meta_data ?? {},
    user_metadata: r.raw_user_meta_data ?? {},
    ...(u.factors.length ? { factors: u.factors.map(factorJson) } : {}),
    identities: u.identities.map(identityJson),
    created_at: goTime(r.created_at),
    updated_at: goTime(r.updated_at),
    ...omitEmpty({ banned_until: goTime(r.banned_until), deleted_at: goTime(r.deleted_at) }),
    is_anonymous: r.is_anonymous,
  };
}

/**
 * models.NewUser + tx.Create: the row an AFTER INSERT trigger sees carries only the caller's metadata
 * (raw_user_meta_data = options.data), then GoTrue sets the role and adds identity data in later UPDATEs.
 */
export async function insertUser(
  db: Queryable,
  p: {
    id?: string;
    /** null for an anonymous user. */
    email: string | null;
    passwordHash: string | null;
    aud: string;
    userMetadata: Record<string, unknown>;
    appMetadata: Record<string, unknown>;
    isAnonymous?: boolean;
  },
): Promise<string> {
  const id = p.id ?? randomUUID();
  await q(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous)
     values ($1, $2, $3, '', $4, $5, $6, $7, now(), now(), '', '', '', '', false, $8)`,
    [NIL_UUID, id, p.aud, p.email, p.passwordHash ?? '', p.appMetadata, p.userMetadata, p.isAnonymous ?? false],
  );
  return id;
}

export async function setRole(db: Queryable, id: string, role: string): Promise<void> {
  await q(db, 'update auth.users set role = $2, updated_at = now() where id = $1', [id, role]);
}

/** UpdateUserMetaData / UpdateAppMetaData: merge, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function createEmailIdentity(
  db: Queryable,
  userId: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await q(
    db,
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3, 'email', now(), now(), now())`,
    [randomUUID(), userId, identityData],
  );
}

/** Confirm(): email_confirmed_at, clears the token, email_verified in user_metadata and the email identity. */
export async function confirmUser(db: Queryable, u: UserRow): Promise<void> {
  const meta = mergeMetadata(u.raw_user_meta_data, { email_verified: true });
  await q(
    db,
    `update auth.users set confirmation_token = '', email_confirmed_at = now(), raw_user_meta_data = $2, updated_at = now() where id = $1`,
    [u.id, meta],
  );
  await q(
    db,
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email' and email = lower($2)`,
    [u.id, u.email ?? ''],
  );
  await q(db, 'delete from auth.one_time_tokens where user_id = $1', [u.id]);
}
