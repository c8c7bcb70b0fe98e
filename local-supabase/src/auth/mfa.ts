import { randomUUID } from 'node:crypto';
import type { AuthRequest } from './context.ts';
import { badRequest, forbidden, internal, notFound, tooManyRequests, unprocessable } from './errors.ts';
import { parseParams, str } from './params.ts';
import { json } from './respond.ts';
import { addAmrClaim, newRefreshToken, sessionResponse } from './sessions.ts';
import { q, transaction, type Queryable } from './store.ts';
import { newTotpSecret, otpauthUri, qrCodeSvg, validateTotp } from './totp.ts';
import { isUuid } from './users.ts';

/**
 * Multi-factor authentication (internal/api/mfa.go): enrol, challenge, verify and unenrol factors under
 * /factors. Only TOTP can be enabled here; phone and WebAuthn answer as a hosted project with them off.
 */

/** GoTrue clamps GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION and FACTOR_EXPIRY_DURATION to at least 300 s; the CLI sets neither. */
export const CHALLENGE_EXPIRY_SECONDS = 300;
const FACTOR_EXPIRY_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

interface FactorRecord {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
}

interface ChallengeRecord {
  id: string;
  factor_id: string;
  verified_at: string | null;
  ip_matches: boolean;
  expired: boolean;
}

/** inet only takes addresses; anything else (a spoofed header) is stored as the unspecified address. */
const INET = `case when $IP ~ '^[0-9a-fA-F.:]+$' then $IP::inet else '0.0.0.0'::inet end`;
const inet = (param: string) => INET.replaceAll('$IP', param);

function requireSession(r: AuthRequest, message: string): { userId: string; sessionId: string; aal: string | null } {
  if (!r.user || !r.session) throw internal(message);
  return { userId: r.user.row.id, sessionId: r.session.id, aal: r.session.aal };
}

/** requireNotAnonymous: anonymous users cannot hold factors. */
function requireNotAnonymous(r: AuthRequest): void {
  if (r.claims?.is_anonymous === true)
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
}

/** loadFactor: the path's factor, owned by the caller. */
async function loadFactor(r: AuthRequest): Promise<FactorRecord> {
  requireNotAnonymous(r);
  const id = r.params.factor_id ?? '';
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const rows = await q<FactorRecord>(
    r.env.db,
    'select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret from auth.mfa_factors where id = $1 and user_id = $2',
    [id, r.user!.row.id],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** validateFactors: expired unverified factors go first, then name, count and assurance rules. */
async function validateFactors(r: AuthRequest, newName: string, sessionAal: string | null): Promise<void> {
  const { db, settings } = r.env;
  await q(
    db,
    `delete from auth.mfa_factors f where f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < current_timestamp`,
    [FACTOR_EXPIRY_SECONDS],
  );
  const factors = await q<{ friendly_name: string | null; status: string }>(
    db,
    'select friendly_name, status::text as status from auth.mfa_factors where user_id = $1',
    [r.user!.row.id],
  );
  let verified = 0;
  for (const f of factors) {
    // Go compares the plain strings, so a second factor without a name also conflicts with the first.
    if ((f.friendly_name ?? '') === newName) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(newName)} for this user already exists`,
      );
    }
    if (f.status === 'verified') verified++;
  }
  if (factors.length >= settings.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && sessionAal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

/** POST /factors (EnrollFactor). */
export async function enrollFactor(r: AuthRequest): Promise<void> {
  requireNotAnonymous(r);
  const { aal } = requireSession(r, 'A valid session and a registered user are required to enroll a factor');
  const p = parseParams(await r.body(), 'EnrollFactorParams', {
    friendly_name: 'string',
    factor_type: 'string',
    issuer: 'string',
    phone: 'string',
  });
  const mfa = r.env.settings.mfa;
  const type = str(p, 'factor_type');
  if (type === 'phone') {
    if (!mfa.phoneEnroll) throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    // Phone factors need an SMS provider and WebAuthn a relying party; the local stack has neither.
    throw internal('Phone MFA is not available on the local stack');
  }
  if (type === 'webauthn') {
    if (!mfa.webauthnEnroll)
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    throw internal('WebAuthn MFA is not available on the local stack');
  }
  if (type !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!mfa.totpEnroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');

  let issuer = str(p, 'issuer');
  if (!issuer) {
    try {
      issuer = new URL(r.env.settings.siteUrl).host;
    } catch {
      throw internal('site url is improperly formatted');
    }
  }
  const friendlyName = str(p, 'friendly_name');
  await validateFactors(r, friendlyName, aal);

  const secret = newTotpSecret();
  const uri = otpauthUri(issuer, r.user!.row.email ?? '', secret);
  const id = randomUUID();
  await q(
    r.env.db,
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, r.user!.row.id, friendlyName, secret],
  );
  json(r, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCodeSvg(uri), secret, uri } });
}

/** POST /factors/{factor_id}/challenge (ChallengeFactor): records the caller's IP for verify. */
export async function challengeFactor(r: AuthRequest): Promise<void> {
  const factor = await loadFactor(r);
  if (!r.env.limiters.mfaChallenge.take(r.ip))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  const mfa = r.env.settings.mfa;
  if (factor.factor_type === 'phone' && !mfa.phoneVerify)
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  if (factor.factor_type === 'webauthn' && !mfa.webauthnVerify)
    throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  if (factor.factor_type !== 'totp')
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!mfa.totpVerify) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  // auth-js sends its params object (factorId, channel…); Go ignores unknown keys, but a wrong type still fails.
  parseParams(await r.body(), 'ChallengeFactorParams', { channel: 'string', webauthn: 'object' });

  const id = randomUUID();
  const expires = await transaction(r.env.db, async (tx) => {
    const rows = await q<{ expires_at: string }>(
      tx,
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), ${inet('$3')})
       returning (floor(extract(epoch from created_at)) + $4)::bigint::text as expires_at`,
      [id, factor.id, r.ip, CHALLENGE_EXPIRY_SECONDS],
    );
    await q(tx, 'update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    return Number(rows[0]!.expires_at);
  });
  json(r, 200, { id, type: factor.factor_type, expires_at: expires });
}

/** validateChallenge: the challenge must belong to the factor, be unused, come from this IP and be fresh. */
async function validateChallenge(r: AuthRequest, factor: FactorRecord, challengeId: string): Promise<ChallengeRecord> {
  const rows = await q<ChallengeRecord>(
    r.env.db,
    `select id, factor_id, verified_at, ip_address = ${inet('$3')} as ip_matches,
            now() > created_at + make_interval(secs => $4) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, r.ip, CHALLENGE_EXPIRY_SECONDS],
  );
  const c = rows[0];
  if (!c) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  // A used challenge reports as an IP mismatch, exactly as GoTrue words it.
  if (c.verified_at !== null || !c.ip_matches)
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  if (c.expired) {
    await q(r.env.db, 'delete from auth.mfa_challenges where id = $1', [c.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${c.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return c;
}

/** GrantRefreshTokenSwap on the session's newest token, so the aal1 refresh token cannot mint aal2 sessions. */
async function swapRefreshToken(tx: Queryable, userId: string, sessionId: string): Promise<string> {
  const current = (
    await q<{ id: string; token: string }>(
      tx,
      'select id::text, token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1 for update',
      [sessionId],
    )
  )[0];
  if (current)
    await q(tx, 'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id]);
  const issued = newRefreshToken();
  await q(
    tx,
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [issued, userId, current?.token ?? '', sessionId],
  );
  return issued;
}

/** POST /factors/{factor_id}/verify (VerifyFactor → verifyTOTPFactor). */
export async function verifyFactor(r: AuthRequest): Promise<void> {
  const factor = await loadFactor(r);
  if (!r.env.limiters.mfaVerify.take(r.ip))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  const p = parseParams(await r.body(), 'VerifyFactorParams', {
    challenge_id: 'string',
    code: 'string',
    webauthn: 'object',
  });
  const challengeId = str(p, 'challenge_id');
  if (p.challenge_id !== undefined && !isUuid(challengeId)) {
    // gofrs/uuid's UnmarshalText error, surfaced by the JSON decoder.
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: uuid: incorrect UUID length ${challengeId.length} in string ${JSON.stringify(challengeId)}`,
    );
  }
  const code = str(p, 'code');
  if (code === '' && factor.factor_type !== 'webauthn')
    throw badRequest('validation_failed', 'Code needs to be non-empty');
  const mfa = r.env.settings.mfa;
  if (factor.factor_type === 'phone' && !mfa.phoneVerify)
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  // GoTrue answers a disabled WebAuthn verify with the enroll code.
  if (factor.factor_type === 'webauthn' && !mfa.webauthnVerify)
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn');
  if (factor.factor_type !== 'totp')
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!mfa.totpVerify) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');

  // The nil UUID (challenge_id absent) is looked up like any other and is not found.
  const challenge = await validateChallenge(r, factor, challengeId || '00000000-0000-0000-0000-000000000000');
  if (!factor.secret || !validateTotp(code, factor.secret))
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');

  const { userId, sessionId } = requireSession(r, 'A valid session is required to verify a factor');
  const body = await transaction(r.env.db, async (tx) => {
    // Claim the challenge under a row lock so two concurrent verifies cannot both succeed with it.
    const claimed = await q(
      tx,
      'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id',
      [challenge.id],
    );
    if (!claimed.length) throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (factor.status !== 'verified')
      await q(tx, "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
    // updateMFASessionAndClaims: totp joins the session's amr, the session becomes aal2 and is tied to the factor.
    await addAmrClaim(tx, sessionId, 'totp');
    const refreshToken = await swapRefreshToken(tx, userId, sessionId);
    await q(tx, "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [
      sessionId,
      factor.id,
    ]);
    // InvalidateSessionsWithAALLessThan(aal2) and DeleteUnverifiedFactors(totp).
    await q(tx, "delete from auth.sessions where user_id = $1 and aal < 'aal2'", [userId]);
    await q(tx, "delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'", [
      userId,
    ]);
    return sessionResponse(r.env.tokens, tx, userId, sessionId, refreshToken);
  });
  json(r, 200, body);
}

/** DELETE /factors/{factor_id} (UnenrollFactor): a verified factor needs an aal2 session. */
export async function unenrollFactor(r: AuthRequest): Promise<void> {
  const factor = await loadFactor(r);
  const { userId, aal } = requireSession(r, 'A valid session and factor are required to unenroll a factor');
  if (factor.status === 'verified' && aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await transaction(r.env.db, async (tx) => {
    // DowngradeSessionsToAAL1: sessions raised by this factor lose its amr entry and drop to aal1.
    await q(
      tx,
      `delete from auth.mfa_amr_claims where authentication_method = 'totp' and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await q(tx, "update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2", [
      userId,
      factor.id,
    ]);
    await q(tx, 'delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  json(r, 200, { id: factor.id });
}
