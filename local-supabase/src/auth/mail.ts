import { createHash, randomInt, randomUUID } from 'node:crypto';
import { renderMail, type MailKind } from '../mail/templates.ts';
import type { AuthEnv } from './context.ts';
import { badRequest, tooManyRequests } from './errors.ts';
import { isUndeliverableAddress } from './password.ts';
import { q, type Queryable } from './store.ts';
import type { UserRow } from './users.ts';

/** crypto.GenerateTokenHash: hex SHA-224 of address + OTP; the link carries it, the code is the OTP. */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp)
    .digest('hex');
}

export function generateOtp(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

/** generateFrequencyLimitErrorMessage: whole seconds left, truncated like Go's Duration division. */
export function checkFrequency(sentAt: string | null, maxFrequency: number): void {
  if (!sentAt) return;
  const sent = Date.parse(sentAt.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  const until = sent + maxFrequency * 1000;
  if (until > Date.now()) {
    const left = Math.trunc((until - Date.now()) / 1000);
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    );
  }
}

const ACTION: Record<MailKind, { type: string; tokenColumn: string; sentColumn: string; ott: string }> = {
  signup: {
    type: 'signup',
    tokenColumn: 'confirmation_token',
    sentColumn: 'confirmation_sent_at',
    ott: 'confirmation_token',
  },
  invite: { type: 'invite', tokenColumn: 'confirmation_token', sentColumn: 'invited_at', ott: 'confirmation_token' },
  recovery: { type: 'recovery', tokenColumn: 'recovery_token', sentColumn: 'recovery_sent_at', ott: 'recovery_token' },
  magiclink: {
    type: 'magiclink',
    tokenColumn: 'recovery_token',
    sentColumn: 'recovery_sent_at',
    ott: 'recovery_token',
  },
  email_change_new: {
    type: 'email_change',
    tokenColumn: 'email_change_token_new',
    sentColumn: 'email_change_sent_at',
    ott: 'email_change_token_new',
  },
  email_change_current: {
    type: 'email_change',
    tokenColumn: 'email_change_token_current',
    sentColumn: 'email_change_sent_at',
    ott: 'email_change_token_current',
  },
  reauthentication: {
    type: 'reauthentication',
    tokenColumn: 'reauthentication_token',
    sentColumn: 'reauthentication_sent_at',
    ott: 'reauthentication_token',
  },
};

/**
 * sendConfirmation / sendPasswordRecovery / sendMagicLink / sendEmailChange: per-user frequency limit, the
 * project-wide e-mail budget, hosted's address validation, then token columns, one_time_tokens and the mail.
 * Runs inside the caller's transaction; the mail goes out last so a failure leaves nothing behind.
 */
export async function sendAuthMail(
  env: AuthEnv,
  db: Queryable,
  user: UserRow,
  kind: MailKind,
  redirectTo: string,
  opts: { to?: string; newEmail?: string; skipFrequency?: boolean; sentColumnAt?: string | null } = {},
): Promise<{ otp: string; hash: string; link: string }> {
  const a = ACTION[kind];
  const to = opts.to ?? user.email ?? '';
  if (!opts.skipFrequency) {
    const sentAt =
      opts.sentColumnAt !== undefined
        ? opts.sentColumnAt
        : ((user as unknown as Record<string, string | null>)[a.sentColumn] ?? null);
    checkFrequency(sentAt, env.settings.maxFrequency);
  }
  if (isUndeliverableAddress(to)) throw badRequest('email_address_invalid', `Email address "${to}" is invalid`);
  // mail.go sendEmail: a budget of 0 refuses at once; otherwise it is spent only while sign-ups need confirming
  // (GoTrue's own TODO: autoconfirm projects are not limited).
  if (env.limiters.email.events === 0 || (!env.settings.mailerAutoconfirm && !env.limiters.email.take()))
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  const otp = generateOtp(env.settings.otpLength);
  const hash = tokenHash(to, otp);
  // The reauthentication nonce is only typed in: its mail has no link.
  const link =
    kind === 'reauthentication'
      ? ''
      : `${env.externalUrl}/verify?token=${encodeURIComponent(hash)}&type=${a.type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  await q(
    db,
    `update auth.users set ${a.tokenColumn} = $2, ${a.sentColumn} = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await q(
    db,
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), user.id, a.ott, hash, to],
  );
  const mail = renderMail(kind, { link, otp, email: user.email ?? to, newEmail: opts.newEmail });
  env.mailer.send({ to, ...mail });
  return { otp, hash, link };
}
