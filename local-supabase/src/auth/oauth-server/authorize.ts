import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthRequest } from '../context.ts';
import { badRequest } from '../errors.ts';
import { redirect } from '../respond.ts';
import { q } from '../store.ts';
import { isUuid } from '../users.ts';
import {
  errorRedirect,
  findClient,
  parseScopes,
  requireOAuthServer,
  SUPPORTED_SCOPES,
  validationFailed,
} from './shared.ts';

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
