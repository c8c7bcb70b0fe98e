import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthRequest } from './context.ts';
import { AuthError, badRequest, notFound, oauthError } from './errors.ts';
import { redirect, json, noContent } from './respond.ts';
import { isRedirectUrlValid } from './redirects.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { CommitWithError, goTime, q, transaction, transactionCommitOnError, type Queryable } from './store.ts';
import { rotateRefreshToken } from './token.ts';
import { findUserById, isBanned, isUuid } from './users.ts';

/**
 * Supabase Auth as an OAuth 2.1 authorization server (internal/api/oauthserver): clients registered by an
 * admin, /oauth/authorize sending the browser to the app's consent page, the consent API that page calls,
 * and the PKCE code exchange at /oauth/token. Every route answers 404 feature_disabled unless
 * [auth.oauth_server] enabled = true.
 */

export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];

interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  created_at: string;
  updated_at: string;
}

interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  nonce: string | null;
  status: string;
  authorization_code: string | null;
  expired: boolean;
}

export function requireOAuthServer(r: AuthRequest): void {
  if (!r.env.settings.oauthServer.enabled) throw notFound('feature_disabled', 'OAuth server is disabled');
}

export const parseScopes = (s: string): string[] =>
  s
    .trim()
    .split(' ')
    .map((x) => x.trim())
    .filter(Boolean);

function clientJson(c: ClientRow, secret?: string): Record<string, unknown> {
  const omit = (v: string | null) => (v ? v : undefined);
  return JSON.parse(
    JSON.stringify({
      client_id: c.id,
      client_secret: secret,
      client_type: c.client_type,
      redirect_uris: c.redirect_uris ? c.redirect_uris.split(',') : undefined,
      token_endpoint_auth_method: omit(c.token_endpoint_auth_method),
      grant_types: c.grant_types ? c.grant_types.split(',') : undefined,
      response_types: ['code'],
      client_name: omit(c.client_name),
      client_uri: omit(c.client_uri),
      logo_uri: omit(c.logo_uri),
      registration_type: omit(c.registration_type),
      created_at: goTime(c.created_at),
      updated_at: goTime(c.updated_at),
    }),
  ) as Record<string, unknown>;
}

async function findClient(r: AuthRequest, id: string): Promise<ClientRow | null> {
  if (!isUuid(id)) return null;
  const rows = await q<ClientRow>(r.env.db, 'select * from auth.oauth_clients where id = $1 and deleted_at is null', [
    id,
  ]);
  return rows[0] ?? null;
}

/** validateRedirectURI (service.go): absolute, no dangerous scheme, http only for loopback, no fragment. */
function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  if (!u.host) return 'must have scheme and host';
  const scheme = u.protocol.replace(/:$/, '');
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme.toLowerCase()))
    return `scheme '${scheme}' is not allowed for security reasons`;
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
    return 'HTTP scheme only allowed for localhost';
  if (u.hash) return 'fragment not allowed in redirect URI';
  return null;
}

const validationFailed = (message: string) => badRequest('validation_failed', message);

/** OAuthServerClientRegisterParams.validate + registerOAuthServerClient. */
function validateRegistration(body: Record<string, unknown>): {
  redirectUris: string[];
  grantTypes: string[];
  clientType: 'public' | 'confidential';
  authMethod: string;
  name: string;
  uri: string;
  logo: string;
} {
  const strField = (k: string): string => {
    const v = body[k];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') throw badRequest('bad_json', 'Invalid JSON body');
    return v;
  };
  const listField = (k: string): string[] => {
    const v = body[k];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw badRequest('bad_json', 'Invalid JSON body');
    return v as string[];
  };
  const redirectUris = listField('redirect_uris');
  if (!redirectUris.length) throw validationFailed('redirect_uris is required');
  if (redirectUris.length > 10) throw validationFailed('redirect_uris cannot exceed 10 items');
  for (const u of redirectUris) {
    const problem = redirectUriProblem(u);
    if (problem) throw validationFailed(`invalid redirect_uri '${u}': ${problem}`);
  }
  let grantTypes = listField('grant_types');
  if (grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw validationFailed("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
  if (!grantTypes.length) grantTypes = ['authorization_code', 'refresh_token'];
  const name = strField('client_name');
  if (name.length > 1024) throw validationFailed('client_name cannot exceed 1024 characters');
  const uri = strField('client_uri');
  const logo = strField('logo_uri');
  for (const [k, v] of [
    ['client_uri', uri],
    ['logo_uri', logo],
  ] as const) {
    if (!v) continue;
    if (v.length > 2048) throw validationFailed(`${k} cannot exceed 2048 characters`);
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v) && !v.startsWith('/')) throw validationFailed(`${k} must be a valid URL`);
  }
  const explicitType = strField('client_type');
  if (explicitType && explicitType !== 'public' && explicitType !== 'confidential')
    throw validationFailed("client_type must be 'public' or 'confidential'");
  const method = strField('token_endpoint_auth_method');
  const methods = ['none', 'client_secret_basic', 'client_secret_post'];
  if (method && !methods.includes(method))
    throw validationFailed(`token_endpoint_auth_method must be one of: [${methods.join(' ')}]`);
  const inferred = method === 'none' ? 'public' : 'confidential';
  if (explicitType && method && explicitType !== inferred) {
    throw validationFailed(
      `client_type '${explicitType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${inferred}')`,
    );
  }
  const clientType = (explicitType || (method ? inferred : 'confidential')) as 'public' | 'confidential';
  const authMethod = method || (clientType === 'public' ? 'none' : 'client_secret_basic');
  return { redirectUris, grantTypes, clientType, authMethod, name, uri, logo };
}

function parseJsonBody(buf: Buffer, error: () => AuthError): Record<string, unknown> {
  try {
    const v = JSON.parse(buf.toString('utf8')) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    if (v === null) return {};
  } catch {
    // falls through to the caller's error
  }
  throw error();
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** POST /admin/oauth/clients (AdminOAuthServerClientRegister): 201 with the plaintext secret once. */
export async function adminCreateClient(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const body = parseJsonBody(await r.body(), () => badRequest('bad_json', 'Invalid JSON body'));
  const p = validateRegistration(body);
  const id = randomUUID();
  const secret = p.clientType === 'confidential' ? randomBytes(32).toString('base64url') : undefined;
  const rows = await q<ClientRow>(
    r.env.db,
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri,
       client_type, token_endpoint_auth_method, created_at, updated_at)
     values ($1, $2, 'manual', $3, $4, nullif($5, ''), nullif($6, ''), nullif($7, ''), $8, $9, now(), now()) returning *`,
    [
      id,
      secret ? hashSecret(secret) : null,
      p.redirectUris.join(','),
      p.grantTypes.join(','),
      p.name,
      p.uri,
      p.logo,
      p.clientType,
      p.authMethod,
    ],
  );
  json(r, 201, clientJson(rows[0]!, secret));
}

/** GET /admin/oauth/clients. */
export async function adminListClients(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const rows = await q<ClientRow>(
    r.env.db,
    'select * from auth.oauth_clients where deleted_at is null order by created_at desc',
  );
  json(r, 200, rows.length ? { clients: rows.map((c) => clientJson(c)) } : {});
}

/** LoadOAuthServerClient for /admin/oauth/clients/{client_id}. */
async function loadAdminClient(r: AuthRequest): Promise<ClientRow> {
  requireOAuthServer(r);
  const id = r.params.client_id ?? '';
  if (!isUuid(id)) throw validationFailed('invalid client_id format');
  const client = await findClient(r, id);
  if (!client) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return client;
}

export async function adminGetClient(r: AuthRequest): Promise<void> {
  json(r, 200, clientJson(await loadAdminClient(r)));
}

/** DELETE /admin/oauth/clients/{client_id}: a soft delete, as GoTrue does. */
export async function adminDeleteClient(r: AuthRequest): Promise<void> {
  const client = await loadAdminClient(r);
  await q(r.env.db, 'update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [client.id]);
  noContent(r);
}

function withQuery(uri: string, params: Record<string, string>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  // Go's url.Values.Encode sorts keys.
  const sorted = new URLSearchParams([...u.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  u.search = sorted.toString();
  return u.toString();
}

function errorRedirect(redirectUri: string, error: string, description: string, state: string): string {
  return withQuery(redirectUri, { error, error_description: description, ...(state ? { state } : {}) });
}

function successRedirect(a: { redirect_uri: string; authorization_code: string | null; state: string | null }): string {
  return withQuery(a.redirect_uri, {
    ...(a.authorization_code ? { code: a.authorization_code } : {}),
    ...(a.state ? { state: a.state } : {}),
  });
}

/** validateRemainingAuthorizeParams: problems here go back to the (trusted) redirect_uri. */
function authorizeProblem(p: {
  responseType: string;
  scope: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}): string | null {
  if (p.responseType !== 'code') return 'only response_type=code is supported';
  const scopes = parseScopes(p.scope);
  if (!p.scope) return 'scope parameter is required';
  if (!scopes.length) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  if (p.resource) {
    let u: URL;
    try {
      u = new URL(p.resource);
    } catch {
      return 'resource must be an absolute URI';
    }
    if (u.hash) return 'resource must not include a fragment component';
    if (u.search) return 'resource must not include a query component';
  }
  if (!p.codeChallenge || !p.codeChallengeMethod)
    return 'PKCE flow requires both code_challenge and code_challenge_method';
  if (!['s256', 'plain'].includes(p.codeChallengeMethod.toLowerCase()))
    return "code_challenge_method must be 'S256' or 'plain'";
  if (p.codeChallenge.length < 43 || p.codeChallenge.length > 128)
    return 'code_challenge must be between 43 and 128 characters';
  return null;
}

/** crypto.SecureAlphanumeric(32): the authorization_id the consent page receives. */
function secureAlphanumeric(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length)) {
      if (b >= 252) continue; // keeps the distribution uniform (252 = 7 * 36)
      out += alphabet[b % 36];
      if (out.length === length) break;
    }
  }
  return out;
}

/** GET /oauth/authorize (OAuthServerAuthorize): 302 to {site_url}{authorization_url_path}?authorization_id=…. */
export async function authorize(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const sp = r.url.searchParams;
  const get = (k: string) => sp.get(k) ?? '';
  const clientId = get('client_id');
  const redirectUri = get('redirect_uri');
  const state = get('state');
  if (!clientId) throw validationFailed('client_id is required');
  if (!redirectUri) throw validationFailed('redirect_uri is required');
  if (!isUuid(clientId)) throw badRequest('oauth_client_not_found', 'invalid client_id format');
  const client = await findClient(r, clientId);
  if (!client) throw badRequest('oauth_client_not_found', 'invalid client_id');
  // An unregistered redirect_uri is never redirected to: it cannot be trusted with the error.
  if (!client.redirect_uris.split(',').includes(redirectUri)) throw validationFailed('invalid redirect_uri');

  const settings = r.env.settings.oauthServer;
  const p = {
    responseType: get('response_type') || 'code',
    scope: get('scope') || settings.defaultScope,
    resource: get('resource'),
    codeChallenge: get('code_challenge'),
    codeChallengeMethod: get('code_challenge_method'),
  };
  const problem = authorizeProblem(p);
  if (problem) return redirect(r.res, errorRedirect(redirectUri, 'invalid_request', problem, state), 302);
  if (!settings.authorizationPath) {
    return redirect(
      r.res,
      errorRedirect(redirectUri, 'server_error', 'oauth authorization path not configured', state),
      302,
    );
  }
  const authorizationId = secureAlphanumeric(32);
  await q(
    r.env.db,
    `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource, code_challenge,
       code_challenge_method, nonce, response_type, status, created_at, expires_at)
     values ($1, $2, $3, $4, $5, nullif($6, ''), nullif($7, ''), $8, lower($9)::auth.code_challenge_method, nullif($10, ''), 'code', 'pending',
       now(), now() + make_interval(secs => $11))`,
    [
      randomUUID(),
      authorizationId,
      client.id,
      redirectUri,
      p.scope,
      state,
      p.resource,
      p.codeChallenge,
      p.codeChallengeMethod,
      get('nonce'),
      settings.authorizationTtl,
    ],
  );
  const base = r.env.settings.siteUrl.replace(/\/+$/, '');
  const path = settings.authorizationPath.startsWith('/')
    ? settings.authorizationPath
    : `/${settings.authorizationPath}`;
  redirect(r.res, `${base}${path}?authorization_id=${authorizationId}`, 302);
}

/** validateRequestOrigin: a browser's Origin must pass the redirect allow list; no Origin is fine. */
function validateOrigin(r: AuthRequest): void {
  const origin = r.req.headers.origin;
  if (origin && !isRedirectUrlValid(r.env.settings, origin)) throw validationFailed('unauthorized request origin');
}

const AUTHORIZATION_NOT_FOUND = () => notFound('oauth_authorization_not_found', 'authorization not found');

/** FindOAuthServerAuthorizationByIDForUpdate, expiring a stale pending one (committed even though it errors). */
async function lockAuthorization(tx: Queryable, authorizationId: string): Promise<AuthorizationRow> {
  const a = (
    await q<AuthorizationRow>(
      tx,
      `select *, code_challenge_method::text as code_challenge_method, now() > expires_at as expired
         from auth.oauth_authorizations where authorization_id = $1 limit 1 for update skip locked`,
      [authorizationId],
    )
  )[0];
  if (!a) throw AUTHORIZATION_NOT_FOUND();
  if (a.expired) {
    if (a.status !== 'pending') throw AUTHORIZATION_NOT_FOUND();
    await q(tx, "update auth.oauth_authorizations set status = 'expired' where id = $1", [a.id]);
    throw new CommitWithError(AUTHORIZATION_NOT_FOUND());
  }
  return a;
}

async function hasCoveringConsent(tx: Queryable, userId: string, clientId: string, scope: string): Promise<boolean> {
  const c = (
    await q<{ scopes: string }>(
      tx,
      'select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null',
      [userId, clientId],
    )
  )[0];
  if (!c) return false;
  const granted = new Set(parseScopes(c.scopes));
  return parseScopes(scope).every((s) => granted.has(s));
}

async function approve(tx: Queryable, a: AuthorizationRow): Promise<AuthorizationRow> {
  const code = a.authorization_code || randomUUID();
  await q(
    tx,
    "update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2 where id = $1",
    [a.id, code],
  );
  return { ...a, status: 'approved', authorization_code: code };
}

/** GET /oauth/authorizations/{authorization_id}: binds the request to the caller; auto-approves a covered consent. */
export async function getAuthorization(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  validateOrigin(r);
  const user = r.user!;
  const id = r.params.authorization_id ?? '';
  const result = await transactionCommitOnError(r.env.db, async (tx) => {
    let a = await lockAuthorization(tx, id);
    if (a.status !== 'pending') throw validationFailed('authorization request cannot be processed');
    let auto = false;
    if (a.user_id === null) {
      await q(tx, 'update auth.oauth_authorizations set user_id = $2 where id = $1', [a.id, user.row.id]);
      auto = await hasCoveringConsent(tx, user.row.id, a.client_id, a.scope);
    } else if (a.user_id !== user.row.id) {
      throw AUTHORIZATION_NOT_FOUND();
    }
    if (auto) a = await approve(tx, a);
    return { a, auto };
  });
  if (result.auto) return json(r, 200, { redirect_url: successRedirect(result.a) });
  const client = await findClient(r, result.a.client_id);
  if (!client) throw AUTHORIZATION_NOT_FOUND();
  const omit = (v: string | null | undefined) => (v ? v : undefined);
  json(
    r,
    200,
    JSON.parse(
      JSON.stringify({
        authorization_id: result.a.authorization_id,
        redirect_uri: omit(result.a.redirect_uri),
        client: {
          id: client.id,
          name: omit(client.client_name),
          uri: omit(client.client_uri),
          logo_uri: omit(client.logo_uri),
        },
        user: { id: user.row.id, email: omit(user.row.email) },
        scope: omit(result.a.scope),
      }),
    ),
  );
}

/** POST /oauth/authorizations/{authorization_id}/consent {action: approve|deny} → {redirect_url}. */
export async function consent(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  validateOrigin(r);
  const user = r.user!;
  const body = parseJsonBody(await r.body(), () => badRequest('bad_json', 'invalid JSON body'));
  if (body.action !== undefined && body.action !== null && typeof body.action !== 'string')
    throw badRequest('bad_json', 'invalid JSON body');
  const action = body.action;
  if (action !== 'approve' && action !== 'deny') throw validationFailed("action must be 'approve' or 'deny'");
  const id = r.params.authorization_id ?? '';
  const redirectUrl = await transactionCommitOnError(r.env.db, async (tx) => {
    const a = await lockAuthorization(tx, id);
    if (a.status !== 'pending') throw validationFailed('authorization request is no longer pending');
    if (a.user_id !== user.row.id) throw AUTHORIZATION_NOT_FOUND();
    if (action === 'approve') {
      const approved = await approve(tx, a);
      // UpsertOAuthServerConsent: the consent is remembered so the next request with these scopes auto-approves.
      await q(
        tx,
        `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at) values ($1, $2, $3, $4, now())
         on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
        [randomUUID(), user.row.id, a.client_id, parseScopes(a.scope).join(' ')],
      );
      return successRedirect(approved);
    }
    await q(tx, "update auth.oauth_authorizations set status = 'denied' where id = $1", [a.id]);
    return errorRedirect(a.redirect_uri, 'access_denied', 'User denied the request', a.state ?? '');
  });
  json(r, 200, { redirect_url: redirectUrl });
}

/** Token endpoint parameters, from JSON or a form body. */
function tokenParams(r: AuthRequest, raw: Buffer): Record<string, string> {
  const type = r.req.headers['content-type'] ?? '';
  const out: Record<string, string> = {};
  const keys = [
    'grant_type',
    'code',
    'refresh_token',
    'redirect_uri',
    'client_id',
    'client_secret',
    'code_verifier',
    'resource',
  ];
  if (type.includes('application/json')) {
    const body = parseJsonBody(raw, () => oauthError('invalid_request', 'Invalid JSON body'));
    for (const k of keys) {
      const v = body[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') throw oauthError('invalid_request', 'Invalid JSON body');
      out[k] = v;
    }
  } else {
    const form = new URLSearchParams(raw.toString('utf8'));
    for (const k of keys) if (form.has(k)) out[k] = form.get(k)!;
  }
  return out;
}

/** requireOAuthClientAuth: Basic header (client_secret_basic), or client_id (+ client_secret) in the body. */
async function authenticateClient(r: AuthRequest, p: Record<string, string>): Promise<ClientRow> {
  const invalid = (detail: string) => badRequest('invalid_credentials', detail);
  let id = p.client_id ?? '';
  let secret = p.client_secret ?? '';
  let method: string;
  const header = r.req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) throw invalid('Invalid client credentials: invalid basic auth format');
    id = decoded.slice(0, i);
    secret = decoded.slice(i + 1);
    method = 'client_secret_basic';
  } else {
    if (!id) throw invalid('Invalid client credentials: client_id is required');
    method = secret ? 'client_secret_post' : 'none';
  }
  if (!isUuid(id)) throw invalid('Invalid client_id format');
  const client = await findClient(r, id);
  if (!client) throw invalid('Invalid client credentials');
  if (client.token_endpoint_auth_method !== method) {
    throw invalid(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${method}' was used`,
    );
  }
  if (client.client_type === 'public') {
    if (secret) throw invalid('public clients must not provide client_secret');
  } else {
    if (!secret) throw invalid('confidential clients must provide client_secret');
    const stored = Buffer.from(client.client_secret_hash ?? '', 'base64url');
    const given = createHash('sha256').update(secret).digest();
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw invalid('invalid client credentials');
  }
  return client;
}

function verifyPkce(a: AuthorizationRow, verifier: string): string | null {
  if (!a.code_challenge) return null;
  if (!verifier) return 'code_verifier is required when PKCE challenge is present';
  const expected =
    a.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : a.code_challenge_method === 'plain'
        ? verifier
        : null;
  if (expected === null) return 'code challenge method not supported';
  const x = Buffer.from(expected);
  const y = Buffer.from(a.code_challenge);
  return x.length === y.length && timingSafeEqual(x, y)
    ? null
    : 'code challenge does not match previously saved code verifier';
}

/** GenerateIDToken: OIDC claims filtered by the granted scopes, audience = the client. */
async function idToken(
  r: AuthRequest,
  userId: string,
  clientId: string,
  scopes: string[],
  nonce: string | null,
): Promise<string> {
  const u = (await findUserById(r.env.db, userId))!.row;
  const meta = (u.raw_user_meta_data ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const claims: Record<string, unknown> = {
    iss: r.env.tokens.issuer,
    sub: u.id,
    aud: clientId,
    ...(nonce ? { nonce } : {}),
    auth_time: u.last_sign_in_at ? Math.floor(Date.parse(goTime(u.last_sign_in_at)!) / 1000) : 0,
    email_verified: false,
    phone_number_verified: false,
    client_id: clientId,
  };
  if (scopes.includes('email')) {
    if (u.email) claims.email = u.email;
    claims.email_verified = u.email_confirmed_at !== null;
  }
  if (scopes.includes('phone')) {
    if (u.phone) claims.phone_number = u.phone;
    claims.phone_number_verified = u.phone_confirmed_at !== null;
  }
  if (scopes.includes('profile')) {
    const name = text(meta.name) ?? text(meta.full_name);
    if (name) claims.name = name;
    const picture = text(meta.picture) ?? text(meta.avatar_url);
    if (picture) claims.picture = picture;
    const username = text(meta.preferred_username) ?? text(meta.username);
    if (username) claims.preferred_username = username;
    if (u.updated_at) claims.updated_at = Math.floor(Date.parse(goTime(u.updated_at)!) / 1000);
  }
  return r.env.keys.signAccessToken(claims, r.env.settings.jwtExpiry);
}

/** POST /oauth/token: authorization_code (with PKCE) or refresh_token; answers without the user object. */
export async function oauthToken(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const p = tokenParams(r, await r.body());
  const client = await authenticateClient(r, p);
  const grant = p.grant_type ?? '';
  if (!grant) throw oauthError('invalid_request', 'grant_type is required');
  if (
    !client.grant_types
      .split(',')
      .map((g) => g.trim())
      .includes(grant)
  ) {
    throw oauthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grant}`);
  }
  if (grant === 'refresh_token') {
    if (!p.refresh_token) throw oauthError('invalid_request', 'refresh_token is required for refresh_token grant');
    if (!r.env.limiters.token.take(r.ip))
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    const s = await rotateRefreshToken(r, p.refresh_token, client.id);
    return json(r, 200, {
      access_token: s.access_token,
      token_type: s.token_type,
      expires_in: s.expires_in,
      refresh_token: s.refresh_token,
    });
  }
  if (grant !== 'authorization_code') throw oauthError('unsupported_grant_type', `Unsupported grant type: ${grant}`);
  if (!p.code) throw oauthError('invalid_request', 'code is required for authorization_code grant');

  const a = (
    await q<AuthorizationRow>(
      r.env.db,
      `select *, code_challenge_method::text as code_challenge_method, now() > expires_at as expired
         from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'`,
      [p.code],
    )
  )[0];
  if (!a) throw oauthError('invalid_grant', 'Invalid authorization code');
  if (a.expired) throw oauthError('invalid_grant', 'Authorization code has expired');
  if (a.client_id !== client.id) throw oauthError('invalid_grant', 'Authorization code was not issued for this client');
  if (p.resource && p.resource !== (a.resource ?? ''))
    throw oauthError('invalid_grant', 'Authorization code resource does not match the resource parameter');
  if (p.redirect_uri && p.redirect_uri !== a.redirect_uri) throw oauthError('invalid_grant', 'Invalid redirect_uri');
  const pkce = verifyPkce(a, p.code_verifier ?? '');
  if (pkce) throw oauthError('invalid_grant', `PKCE verification failed: ${pkce}`);
  if (!a.user_id) throw oauthError('invalid_grant', 'Authorization code has no associated user');
  const user = await findUserById(r.env.db, a.user_id);
  if (!user) throw oauthError('invalid_grant', 'User not found for authorization code');
  if (isBanned(user.row)) throw oauthError('access_denied', 'User is banned');

  const session = await transaction(r.env.db, async (tx) => {
    // Codes are single use: the row is locked, then deleted with the session's creation.
    const locked = await q(
      tx,
      "select id from auth.oauth_authorizations where id = $1 and status = 'approved' for update skip locked",
      [a.id],
    );
    if (!locked.length) throw oauthError('invalid_grant', 'Invalid authorization code');
    const { sessionId, refreshToken } = await createSession(
      tx,
      r.req,
      user.row.id,
      'oauth_provider/authorization_code',
      { clientId: client.id, scopes: a.scope },
    );
    await q(tx, 'delete from auth.oauth_authorizations where id = $1', [a.id]);
    return sessionResponse(r.env.tokens, tx, user.row.id, sessionId, refreshToken);
  });
  const scopes = parseScopes(a.scope);
  json(r, 200, {
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    ...(scopes.includes('openid') ? { id_token: await idToken(r, user.row.id, client.id, scopes, a.nonce) } : {}),
  });
}

/** GET /user/oauth/grants: the caller's active consents with their clients. */
export async function listGrants(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const rows = await q<ClientRow & { scopes: string; granted_at: string }>(
    r.env.db,
    `select c.*, g.scopes, g.granted_at from auth.oauth_consents g join auth.oauth_clients c on c.id = g.client_id and c.deleted_at is null
      where g.user_id = $1 and g.revoked_at is null order by g.granted_at desc`,
    [r.user!.row.id],
  );
  const omit = (v: string | null) => (v ? v : undefined);
  json(
    r,
    200,
    rows.map((c) =>
      JSON.parse(
        JSON.stringify({
          client: { id: c.id, name: omit(c.client_name), uri: omit(c.client_uri), logo_uri: omit(c.logo_uri) },
          scopes: parseScopes(c.scopes),
          granted_at: goTime(c.granted_at),
        }),
      ),
    ),
  );
}

/** DELETE /user/oauth/grants?client_id=…: revokes the consent and signs out that client's sessions. */
export async function revokeGrant(r: AuthRequest): Promise<void> {
  requireOAuthServer(r);
  const clientId = r.url.searchParams.get('client_id') ?? '';
  if (!clientId) throw validationFailed('client_id query parameter is required');
  if (!isUuid(clientId)) throw validationFailed('invalid client_id format');
  const userId = r.user!.row.id;
  const done = await transaction(r.env.db, async (tx) => {
    const revoked = await q(
      tx,
      'update auth.oauth_consents set revoked_at = now() where user_id = $1 and client_id = $2 and revoked_at is null returning id',
      [userId, clientId],
    );
    if (!revoked.length) return false;
    await q(tx, 'delete from auth.sessions where user_id = $1 and oauth_client_id = $2', [userId, clientId]);
    return true;
  });
  if (!done) throw notFound('oauth_consent_not_found', 'No active grant found for this client');
  noContent(r);
}
