import type { ServerResponse } from 'node:http';
import { decodeProtectedHeader } from 'jose';
import { readBody, BodyTooLargeError } from '../http.ts';
import { JwtError } from '../keys.ts';
import type { GatewayRequest, Service, ServiceContext } from '../service.ts';
import {
  createUserAdmin,
  deleteFactorAdmin,
  deleteUserAdmin,
  generateLink,
  getUserAdmin,
  invite,
  listFactorsAdmin,
  listUsers,
  updateFactorAdmin,
  updateUserAdmin,
} from './admin.ts';
import type { AuthEnv, AuthRequest, Handler } from './context.ts';
import { AuthError, badRequest, forbidden, notFound, sendError } from './errors.ts';
import { IntervalLimiter, RateLimiter } from './rate-limit.ts';
import { magicLink, otp, recover, resend } from './recover.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts';
import {
  adminCreateClient,
  adminDeleteClient,
  adminGetClient,
  adminListClients,
  adminRegenerateClientSecret,
  adminUpdateClient,
} from './oauth-server/clients.ts';
import { authorize } from './oauth-server/authorize.ts';
import { consent, getAuthorization, listGrants, revokeGrant } from './oauth-server/consent.ts';
import { oauthToken } from './oauth-server/token.ts';
import { json } from './respond.ts';
import { clientIp, findSession } from './sessions.ts';
import { loadAuthSettings } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, reauthenticate, updateUser } from './user.ts';
import { findUserById, isBanned, isUuid } from './users.ts';
import { verifyGet, verifyPost } from './verify.ts';

/** Who may call a route: anyone, a signed-in user with a live session (requireAuthentication), or an admin role. */
type Guard = 'none' | 'user' | 'admin';

interface Route {
  method: string;
  pattern: RegExp;
  guard: Guard;
  handler: Handler;
}

const GOTRUE_VERSION = 'v2.189.0';
const BODY_LIMIT = 1024 * 1024;

/**
 * The route table (internal/api/api.go). The OAuth-server rows answer 404 feature_disabled unless
 * [auth.oauth_server] is enabled (requireOAuthServerEnabled, checked in their handlers).
 */
function routes(): Route[] {
  const r = (method: string, path: string, guard: Guard, handler: Handler): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}/?$`),
    guard,
    handler,
  });
  return [
    r('GET', '/health', 'none', async (q) =>
      json(q, 200, {
        version: GOTRUE_VERSION,
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      }),
    ),
    r('GET', '/settings', 'none', settings),
    r('GET', '/.well-known/jwks.json', 'none', async (q) =>
      json(q, 200, q.env.keys.jwks, { 'Cache-Control': 'public, max-age=600' }),
    ),
    r('POST', '/signup', 'none', signup),
    r('POST', '/token', 'none', token),
    r('GET', '/verify', 'none', verifyGet),
    r('POST', '/verify', 'none', verifyPost),
    r('POST', '/recover', 'none', recover),
    r('POST', '/resend', 'none', resend),
    r('POST', '/otp', 'none', otp),
    r('POST', '/magiclink', 'none', magicLink),
    r('POST', '/logout', 'user', logout),
    r('GET', '/reauthenticate', 'user', reauthenticate),
    r('GET', '/user', 'user', getUser),
    r('PUT', '/user', 'user', updateUser),
    r('GET', '/user/oauth/grants', 'user', listGrants),
    r('DELETE', '/user/oauth/grants', 'user', revokeGrant),
    r('POST', '/factors', 'user', enrollFactor),
    r('POST', '/factors/{factor_id}/challenge', 'user', challengeFactor),
    r('POST', '/factors/{factor_id}/verify', 'user', verifyFactor),
    r('DELETE', '/factors/{factor_id}', 'user', unenrollFactor),
    r('GET', '/oauth/authorize', 'none', authorize),
    r('POST', '/oauth/token', 'none', oauthToken),
    r('GET', '/oauth/authorizations/{authorization_id}', 'user', getAuthorization),
    r('POST', '/oauth/authorizations/{authorization_id}/consent', 'user', consent),
    r('GET', '/admin/oauth/clients', 'admin', adminListClients),
    r('POST', '/admin/oauth/clients', 'admin', adminCreateClient),
    r('GET', '/admin/oauth/clients/{client_id}', 'admin', adminGetClient),
    r('DELETE', '/admin/oauth/clients/{client_id}', 'admin', adminDeleteClient),
    r('PUT', '/admin/oauth/clients/{client_id}', 'admin', adminUpdateClient),
    r('POST', '/admin/oauth/clients/{client_id}/regenerate_secret', 'admin', adminRegenerateClientSecret),
    // Features this stack does not have answer as GoTrue does with them off: SAML (requireSAMLEnabled) and
    // manual identity linking (requireManualLinkingEnabled, after requireAuthentication).
    r('POST', '/sso', 'none', samlDisabled),
    r('GET', '/sso/saml/metadata', 'none', samlDisabled),
    r('POST', '/sso/saml/acs', 'none', samlDisabled),
    r('GET', '/user/identities/authorize', 'user', manualLinkingDisabled),
    r('DELETE', '/user/identities/{identity_id}', 'user', manualLinkingDisabled),
    r('GET', '/admin/users', 'admin', listUsers),
    r('POST', '/admin/users', 'admin', createUserAdmin),
    r('GET', '/admin/users/{id}', 'admin', getUserAdmin),
    r('PUT', '/admin/users/{id}', 'admin', updateUserAdmin),
    r('DELETE', '/admin/users/{id}', 'admin', deleteUserAdmin),
    r('GET', '/admin/users/{id}/factors', 'admin', listFactorsAdmin),
    r('PUT', '/admin/users/{id}/factors/{factor_id}', 'admin', updateFactorAdmin),
    r('DELETE', '/admin/users/{id}/factors/{factor_id}', 'admin', deleteFactorAdmin),
    r('POST', '/admin/generate_link', 'admin', generateLink),
    r('POST', '/invite', 'admin', invite),
  ];
}

async function samlDisabled(): Promise<void> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

async function manualLinkingDisabled(): Promise<void> {
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

async function settings(q: AuthRequest): Promise<void> {
  const s = q.env.settings;
  const external: Record<string, boolean> = {};
  for (const p of [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'snapchat',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
    'email',
    'phone',
    'zoom',
  ]) {
    external[p] = p === 'email' ? true : p === 'anonymous_users' ? s.anonymousSignIns : false;
  }
  json(q, 200, {
    external,
    disable_signup: !s.enableSignup,
    mailer_autoconfirm: s.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

/** golang-jwt's wording for the failures auth-js may surface in `error.message`. */
function jwtFailure(err: unknown, token: string): string {
  const msg = err instanceof JwtError ? err.message : String(err);
  if (/Expected 3 parts/.test(msg)) return 'token is malformed: token contains an invalid number of segments';
  if (/expired/i.test(msg)) return 'token has invalid claims: token is expired';
  if (/No suitable key/.test(msg)) {
    // parseJWTClaims' keyfunc (internal/api/auth.go): neither a listed kid nor HS256 with the secret.
    let header: { kid?: unknown; alg?: unknown } = {};
    try {
      header = decodeProtectedHeader(token);
    } catch {
      /* unreachable: verify decoded it */
    }
    return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${goValue(header.kid)} for algorithm ${goValue(header.alg)}`;
  }
  return 'token signature is invalid: signature is invalid';
}

/** A header value as Go's %v prints it (a missing one is <nil>). */
function goValue(v: unknown): string {
  return v === undefined || v === null ? '<nil>' : String(v);
}

function bearer(q: AuthRequest): string {
  const m = /^[Bb]earer (\S+)$/.exec(q.req.headers.authorization ?? '');
  if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return m[1]!;
}

async function parseClaims(q: AuthRequest): Promise<void> {
  const t = bearer(q);
  try {
    q.claims = (await q.env.keys.verify(t)) as AuthRequest['claims'];
  } catch (err) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtFailure(err, t)}`);
  }
}

/** maybeLoadUserOrSession: sub must name a user, session_id (when set) a live session. */
async function loadUserAndSession(q: AuthRequest): Promise<void> {
  const c = q.claims!;
  const sub = typeof c.sub === 'string' ? c.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(q.env.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  q.user = user;
  const sid = typeof c.session_id === 'string' ? c.session_id : '';
  q.session = null;
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const session = await findSession(q.env.db, sid);
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    q.session = session;
  }
}

async function guard(q: AuthRequest, g: Guard): Promise<void> {
  if (g === 'none') return;
  await parseClaims(q);
  if (g === 'user') {
    await loadUserAndSession(q);
    if (isBanned(q.user!.row)) throw forbidden('user_banned', 'User is banned');
    return;
  }
  // requireAdminCredentials: a token tied to a session must still have it; then the role decides.
  if (
    typeof q.claims!.session_id === 'string' &&
    q.claims!.session_id &&
    q.claims!.session_id !== '00000000-0000-0000-0000-000000000000'
  ) {
    await loadUserAndSession(q);
  }
  const role = typeof q.claims!.role === 'string' ? q.claims!.role : '';
  if (!q.env.settings.adminRoles.includes(role)) throw forbidden('not_admin', 'User not allowed');
}

export async function createService(ctx: ServiceContext): Promise<Service> {
  const settings = loadAuthSettings(ctx.config);
  const externalUrl = `${ctx.config.apiUrl}/auth/v1`;
  const rl = settings.rateLimits;
  const burst = 30 * (ctx.config.testMode ? 100 : 1);
  const per5Minutes = (events: number) => new RateLimiter(events, 300, Date.now, burst);
  const env: AuthEnv = {
    settings,
    db: ctx.db.authAdmin,
    keys: ctx.keys,
    mailer: ctx.mailer,
    tokens: { keys: ctx.keys, issuer: externalUrl, jwtExpiry: settings.jwtExpiry },
    externalUrl,
    limiters: {
      // internal/api/apilimiter: the 5-minute limits hold a burst of 30 whatever the configured rate; the
      // sign-up, recover, resend, magic link, OTP and user-update buckets are separate, each at
      // sign_in_sign_ups (GOTRUE_RATE_LIMIT_OTP) per 5 minutes; anonymous sign-ins burst their hourly number.
      token: per5Minutes(rl.tokenRefresh),
      anonymous: new RateLimiter(rl.anonymousUsers, 3600),
      signup: per5Minutes(rl.signInSignUps),
      verify: per5Minutes(rl.tokenVerifications),
      email: new IntervalLimiter(rl.emailSentPerHour, 3600),
      recover: per5Minutes(rl.signInSignUps),
      resend: per5Minutes(rl.signInSignUps),
      magicLink: per5Minutes(rl.signInSignUps),
      otp: per5Minutes(rl.signInSignUps),
      user: per5Minutes(rl.signInSignUps),
      // GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 per minute with a burst of 30, per IP and endpoint.
      mfaChallenge: new RateLimiter(30 * (ctx.config.testMode ? 100 : 1), 120),
      mfaVerify: new RateLimiter(30 * (ctx.config.testMode ? 100 : 1), 120),
    },
    log: ctx.log,
  };
  const table = routes();

  async function handle(req: GatewayRequest, res: ServerResponse): Promise<void> {
    let cached: Promise<Buffer> | null = null;
    const q: AuthRequest = {
      env,
      req,
      res,
      url: req.gatewayUrl,
      path: req.path,
      params: {},
      ip: clientIp(req),
      body: () => (cached ??= readBody(req, BODY_LIMIT)),
    };
    try {
      const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
      const matches = table.filter((r) => r.pattern.test(path));
      if (!matches.length) throw notFound('not_found', 'Not Found');
      const route = matches.find((r) => r.method === req.method || (req.method === 'HEAD' && r.method === 'GET'));
      if (!route) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
      q.params = { ...(route.pattern.exec(path)!.groups ?? {}) };
      await guard(q, route.guard);
      await route.handler(q);
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof AuthError) return sendError(req, res, err);
      if (err instanceof BodyTooLargeError)
        return sendError(
          req,
          res,
          new AuthError(413, 'request_entity_too_large', `Request body too large (max ${err.limit} bytes)`),
        );
      ctx.log(`unexpected error on ${req.method} ${req.path}: ${(err as Error).stack ?? err}`);
      sendError(
        req,
        res,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
    }
  }

  return { name: 'auth', handle };
}
