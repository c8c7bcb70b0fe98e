import type pg from 'pg';
import { AuthError, badRequest, weakPassword } from './errors.ts';
import type { AuthSettings } from './settings.ts';

export const MAX_PASSWORD_LENGTH = 72;

/** checkPasswordStrength (internal/api/password.go): 400 over 72 bytes, 422 weak_password with reasons. */
export function passwordStrengthError(settings: AuthSettings, password: string): AuthError | null {
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    return badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  // Go's len() counts bytes, so a multi-byte character counts more than once, as on hosted.
  if (Buffer.byteLength(password) < settings.minPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minPasswordLength} characters.`);
  }
  for (const set of settings.requiredCharacters) {
    if (set && ![...password].some((c) => set.includes(c))) {
      reasons.push('characters');
      messages.push(
        `Password should contain at least one character of each: ${settings.requiredCharacters.join(', ')}.`,
      );
      break;
    }
  }
  return reasons.length ? weakPassword(messages.join(' '), reasons) : null;
}

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** bcrypt cost 10 with the `$2a$` prefix GoTrue writes, computed by pgcrypto inside the database. */
export async function hashPassword(db: Queryable, password: string): Promise<string> {
  const { rows } = await db.query<{ h: string }>("select extensions.crypt($1, extensions.gen_salt('bf', 10)) as h", [
    password,
  ]);
  return rows[0]!.h;
}

export async function passwordMatches(db: Queryable, password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) return false;
  const { rows } = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, hash]);
  return rows[0]?.ok === true;
}

// checkmail.ValidateFormat's pattern (badoux/checkmail), which GoTrue's validateEmail uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** validateEmail (internal/api/mail.go): required, at most 255 characters, checkmail format; lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

// Hosted's mail validator (internal/mailer/validateclient, extended validation) refuses these before sending.
const INVALID_EMAILS = new Set(['test@gmail.com', 'example@gmail.com', 'someone@gmail.com', 'test@email.com']);
const INVALID_HOST_SUFFIXES = ['.test', '.example', '.invalid', '.local', '.localhost'];
const INVALID_HOSTS = new Set([
  'test',
  'example',
  'invalid',
  'local',
  'localhost',
  'test.com',
  'example.com',
  'example.net',
  'example.org',
  'gamil.com',
  'gamai.com',
]);

/** Whether hosted would refuse to mail this address (400 email_address_invalid). */
export function isUndeliverableAddress(email: string): boolean {
  const lower = email.toLowerCase();
  if (INVALID_EMAILS.has(lower)) return true;
  const host = lower.slice(lower.lastIndexOf('@') + 1);
  return INVALID_HOSTS.has(host) || INVALID_HOST_SUFFIXES.some((s) => host.endsWith(s));
}
