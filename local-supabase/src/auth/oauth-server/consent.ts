import { randomUUID } from 'node:crypto';
import type { AuthRequest } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { isRedirectUrlValid } from '../redirects.ts';
import { json, noContent } from '../respond.ts';
import { CommitWithError, goTime, q, transaction, transactionCommitOnError, type Queryable } from '../store.ts';
import { isUuid } from '../users.ts';
import {
  errorRedirect,
  findClient,
  parseJsonBody,
  parseScopes,
  requireOAuthServer,
  successRedirect,
  validationFailed,
  type AuthorizationRow,
  type ClientRow,
} from './shared.ts';

// The consent page's API (the signed-in user approves or denies a pending authorization) and the user's grants.

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
