import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthRequest } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { json, noContent } from '../respond.ts';
import { goTime, q } from '../store.ts';
import { isUuid } from '../users.ts';
import { findClient, parseJsonBody, requireOAuthServer, validationFailed, type ClientRow } from './shared.ts';

// OAuth clients, registered and managed by an admin (the service role): /admin/oauth/clients.

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

/**
 * PUT /admin/oauth/clients/{client_id} (OAuthServerClientUpdate): only the fields sent (and not null) change,
 * each checked as at registration; an empty client_name, client_uri or logo_uri clears it. The auth method must
 * suit the client's type. 400 when no field is sent.
 */
export async function adminUpdateClient(r: AuthRequest): Promise<void> {
  const client = await loadAdminClient(r);
  const body = parseJsonBody(await r.body(), () => badRequest('bad_json', 'Invalid JSON body'));
  const given = (k: string) => body[k] !== undefined && body[k] !== null;
  const strField = (k: string): string => {
    if (typeof body[k] !== 'string') throw badRequest('bad_json', 'Invalid JSON body');
    return body[k];
  };
  const listField = (k: string): string[] => {
    const v = body[k];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw badRequest('bad_json', 'Invalid JSON body');
    return v as string[];
  };
  const fields = [
    'redirect_uris',
    'grant_types',
    'client_name',
    'client_uri',
    'logo_uri',
    'token_endpoint_auth_method',
  ];
  // Decoded first, as Go's json.Decode does, so a wrong type is bad_json before any check.
  const redirectUris = given('redirect_uris') ? listField('redirect_uris') : null;
  const grantTypes = given('grant_types') ? listField('grant_types') : null;
  const name = given('client_name') ? strField('client_name') : null;
  const uri = given('client_uri') ? strField('client_uri') : null;
  const logo = given('logo_uri') ? strField('logo_uri') : null;
  const method = given('token_endpoint_auth_method') ? strField('token_endpoint_auth_method') : null;
  if (!fields.some(given)) throw validationFailed('No fields provided for update');
  if (redirectUris) {
    if (!redirectUris.length) throw validationFailed('redirect_uris cannot be empty');
    if (redirectUris.length > 10) throw validationFailed('redirect_uris cannot exceed 10 items');
    for (const u of redirectUris) {
      const problem = redirectUriProblem(u);
      if (problem) throw validationFailed(`invalid redirect_uri '${u}': ${problem}`);
    }
  }
  if (grantTypes) {
    if (!grantTypes.length) throw validationFailed('grant_types cannot be empty');
    if (grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
      throw validationFailed("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
  if (name !== null && name.length > 1024) throw validationFailed('client_name cannot exceed 1024 characters');
  for (const [k, v] of [
    ['client_uri', uri],
    ['logo_uri', logo],
  ] as const) {
    if (!v) continue;
    if (v.length > 2048) throw validationFailed(`${k} cannot exceed 2048 characters`);
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v) && !v.startsWith('/')) throw validationFailed(`${k} must be a valid URL`);
  }
  const allMethods = ['none', 'client_secret_basic', 'client_secret_post'];
  if (method !== null) {
    if (!allMethods.includes(method))
      throw validationFailed(`invalid token_endpoint_auth_method: must be one of [${allMethods.join(' ')}]`);
    const valid = client.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
    if (!valid.includes(method))
      throw validationFailed(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(' ')}]`,
      );
  }
  const rows = await q<ClientRow>(
    r.env.db,
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris),
       grant_types = coalesce($3, grant_types),
       client_name = case when $4::text is null then client_name else nullif($4, '') end,
       client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
       logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
       token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method),
       updated_at = now()
     where id = $1 returning *`,
    [client.id, redirectUris?.join(',') ?? null, grantTypes?.join(',') ?? null, name, uri, logo, method],
  );
  json(r, 200, clientJson(rows[0]!));
}

/** POST /admin/oauth/clients/{client_id}/regenerate_secret: a new secret for a confidential client, shown once. */
export async function adminRegenerateClientSecret(r: AuthRequest): Promise<void> {
  const client = await loadAdminClient(r);
  if (client.client_type !== 'confidential') throw validationFailed('Cannot regenerate secret for public client');
  const secret = randomBytes(32).toString('base64url');
  const rows = await q<ClientRow>(
    r.env.db,
    'update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *',
    [client.id, hashSecret(secret)],
  );
  json(r, 200, clientJson(rows[0]!, secret));
}
