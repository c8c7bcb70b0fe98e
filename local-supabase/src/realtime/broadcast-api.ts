import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { BodyTooLargeError, bearerToken, readBody, sendJson } from '../http.ts';
import type { Keys } from '../keys.ts';
import type { GatewayRequest } from '../service.ts';
import { AuthorizationError, emptyPolicies, writeAuthorizations, type AuthorizationContext } from './authorization.ts';
import { jasonOrder, type Broker } from './broker.ts';
import { verifyChannelToken } from './tokens.ts';

/**
 * Broadcast over HTTP, as hosted serves it under /realtime/v1/api:
 * - `POST /api/broadcast` `{messages: [{topic, event, payload, private?, id?}]}` (BroadcastController with
 *   Realtime.Tenants.BatchBroadcast): realtime-js' `send()` falls back to it on a channel that is not joined.
 *   Public messages go out at once; private ones per topic only if the insert policy on realtime.messages lets
 *   the caller send 'broadcast' there (otherwise they are dropped, still 202).
 * - `POST /api/broadcast/<topic>/events/<event>[?private=true]` (BroadcastSingleController, realtime-js'
 *   `httpSend()`): the body is the payload (JSON, or bytes as application/octet-stream); a private send the
 *   policy refuses is 403 "Unauthorized".
 * The caller is the Authorization bearer, else the apikey (AuthTenant); a token that does not verify is 401.
 */
export interface BroadcastApiDeps {
  keys: Keys;
  pool: pg.Pool;
  broker: Broker;
  log: (msg: string) => void;
}

const BODY_LIMIT = 5_000_000;

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

async function caller(
  req: GatewayRequest,
  keys: Keys,
): Promise<{ role: string; claims: Record<string, unknown>; headers: Record<string, string> } | null> {
  const apikey = req.headers.apikey;
  const token = bearerToken(req) ?? (typeof apikey === 'string' ? apikey : null);
  if (!token) return null;
  const verified = await verifyChannelToken(keys, token);
  if (!verified.ok) return null;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  return { role: String(verified.claims.role), claims: verified.claims, headers };
}

async function maySend(
  deps: BroadcastApiDeps,
  who: { role: string; claims: Record<string, unknown>; headers: Record<string, string> },
  topic: string,
): Promise<boolean> {
  const ctx: AuthorizationContext = {
    topic,
    role: who.role,
    claims: who.claims,
    sub: typeof who.claims.sub === 'string' ? who.claims.sub : null,
    headers: who.headers,
  };
  const policies = await writeAuthorizations(deps.pool, ctx, emptyPolicies());
  return policies.broadcast.write === true;
}

/** Ecto's cast errors for one batch message (an empty map when it is valid). */
function messageErrors(m: unknown): Record<string, string[]> {
  if (!isMap(m)) return { messages: ['is invalid'] };
  const errors: Record<string, string[]> = {};
  for (const field of ['topic', 'event'] as const) {
    const v = m[field];
    if (v === undefined || v === null || v === '') errors[field] = ["can't be blank"];
    else if (typeof v !== 'string') errors[field] = ['is invalid'];
  }
  if (m.payload === undefined || m.payload === null) errors.payload = ["can't be blank"];
  else if (!isMap(m.payload)) errors.payload = ['is invalid'];
  if (
    m.private !== undefined &&
    m.private !== null &&
    typeof m.private !== 'boolean' &&
    m.private !== 'true' &&
    m.private !== 'false'
  )
    errors.private = ['is invalid'];
  return errors;
}

export async function handleBroadcastApi(
  req: GatewayRequest,
  res: ServerResponse,
  deps: BroadcastApiDeps,
): Promise<void> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(req.path);
  if (req.path !== '/api/broadcast' && req.path !== '/api/broadcast/' && !single) {
    sendJson(res, 404, { message: 'no Route matched with those values' });
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 404, { message: 'no Route matched with those values' });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req, BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLargeError) sendJson(res, 413, { message: 'Payload Too Large' });
    return;
  }
  const who = await caller(req, deps.keys);
  if (!who) {
    sendJson(res, 401, { message: 'Unauthorized' });
    return;
  }
  try {
    if (single)
      await broadcastSingle(req, res, deps, who, decodeURIComponent(single[1]!), decodeURIComponent(single[2]!), body);
    else await broadcastBatch(res, deps, who, body);
  } catch (err) {
    if (!(err instanceof AuthorizationError)) throw err;
    deps.log(`RlsPolicyError: ${err.message}`);
    sendJson(res, 422, { message: 'RLS policy error' });
  }
}

async function broadcastBatch(
  res: ServerResponse,
  deps: BroadcastApiDeps,
  who: { role: string; claims: Record<string, unknown>; headers: Record<string, string> },
  body: Buffer,
): Promise<void> {
  let parsed: unknown;
  try {
    parsed = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    sendJson(res, 400, { errors: { detail: 'Bad Request' } });
    return;
  }
  const messages = isMap(parsed) ? parsed.messages : undefined;
  if (messages === undefined || messages === null) {
    sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
    return;
  }
  if (!Array.isArray(messages)) {
    sendJson(res, 422, { errors: { messages: ['is invalid'] } });
    return;
  }
  const errors = messages.map(messageErrors);
  if (errors.some((e) => Object.keys(e).length > 0)) {
    sendJson(res, 422, { errors: { messages: errors } });
    return;
  }
  const valid = messages as Record<string, unknown>[];
  const send = (m: Record<string, unknown>, isPrivate: boolean) => {
    const payload: Record<string, unknown> = { event: m.event, payload: m.payload, type: 'broadcast' };
    if (m.id !== undefined && m.id !== null) payload.meta = { id: m.id };
    deps.broker.broadcast(String(m.topic), isPrivate, {
      kind: 'json',
      payload: jasonOrder(payload) as Record<string, unknown>,
    });
  };
  const isPrivate = (m: Record<string, unknown>) => m.private === true || m.private === 'true';
  for (const m of valid.filter((x) => !isPrivate(x))) send(m, false);
  const byTopic = new Map<string, Record<string, unknown>[]>();
  for (const m of valid.filter(isPrivate)) {
    const list = byTopic.get(String(m.topic)) ?? [];
    list.push(m);
    byTopic.set(String(m.topic), list);
  }
  for (const [topic, list] of byTopic) {
    if (await maySend(deps, who, topic)) for (const m of list) send(m, true);
  }
  res.writeHead(202, { 'Content-Length': 0 });
  res.end();
}

async function broadcastSingle(
  req: GatewayRequest,
  res: ServerResponse,
  deps: BroadcastApiDeps,
  who: { role: string; claims: Record<string, unknown>; headers: Record<string, string> },
  topic: string,
  event: string,
  body: Buffer,
): Promise<void> {
  const isPrivate = req.gatewayUrl.searchParams.get('private') === 'true';
  const contentType = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  let data: Buffer;
  let encoding: 'json' | 'binary';
  if (contentType === 'application/octet-stream') {
    data = body;
    encoding = 'binary';
  } else {
    let parsed: unknown = {};
    try {
      if (body.length > 0) parsed = JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(res, 400, { errors: { detail: 'Bad Request' } });
      return;
    }
    // Plug's JSON parser keeps a non-object body under "_json".
    data = Buffer.from(JSON.stringify(jasonOrder(isMap(parsed) ? parsed : { _json: parsed })));
    encoding = 'json';
  }
  if (isPrivate && !(await maySend(deps, who, topic))) {
    sendJson(res, 403, { message: 'Unauthorized' });
    return;
  }
  deps.broker.broadcast(topic, isPrivate, { kind: 'user', event, encoding, data, metadata: null });
  res.writeHead(202, { 'Content-Length': 0 });
  res.end();
}
