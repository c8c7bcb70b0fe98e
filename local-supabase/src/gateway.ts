import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Keys } from './keys.ts';
import type { Log } from './db.ts';
import type { GatewayRequest, Service } from './service.ts';
import { sendJson } from './http.ts';
import { apiKeyKind, downstreamAuthorization, isBrowserUserAgent, SECRET_KEY_IN_BROWSER } from './api-keys.ts';

/**
 * The API gateway on :54321, standing in for hosted Supabase's Kong:
 * - key-auth on /auth/v1 (but /verify, /callback, /authorize, /.well-known/jwks.json), /rest/v1 and /realtime/v1;
 * - the Authorization each service is handed follows the key's kind as Kong's expression does (api-keys.ts):
 *   a user's JWT passes, `Bearer sb_…` or none is filled from the apikey (sb_ keys → their role's JWT, a legacy
 *   key → itself, bare); Functions get Authorization untouched;
 * - a secret key from a browser's User-Agent is refused with 401 on every service;
 * - CORS for REST, Auth and Storage; none for Functions (each function answers its own preflight).
 * Source: supabase/cli templates/kong.yml, supabase/supabase docker/volumes/api/kong.yml.
 */
const KEY_AUTH_FREE_AUTH_PATHS = [
  /^\/verify\b/,
  /^\/callback\b/,
  /^\/authorize\b/,
  /^\/\.well-known\/jwks\.json$/,
  // The OAuth 2.1 server's public endpoints: third-party clients (browsers redirected to authorize, token
  // exchange from their back ends, discovery) know nothing of the project's API keys. Inferred from hosted's
  // documented flow (clients are given only these URLs); the consent API stays behind key-auth.
  /^\/oauth\/(authorize|token|register)\b/,
  /^\/\.well-known\/(oauth-authorization-server|openid-configuration)$/,
];

export const CORS_ALLOW_HEADERS =
  'apikey, authorization, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, ' +
  'x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, traceparent, tracestate, baggage';
export const CORS_EXPOSE_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Content-Length, Date, Location, Server, ' +
  'Transfer-Encoding, Range-Unit, Preference-Applied, X-Total-Count, Link, X-Supabase-Api-Version, x-relay-error, ETag, Last-Modified';

function parseTarget(req: IncomingMessage): { service: string; path: string; url: URL } | null {
  const url = new URL(req.url ?? '/', 'http://gateway.local');
  const m = /^\/(rest|auth|storage|realtime|functions)\/v1(\/.*)?$/.exec(url.pathname);
  if (!m) return null;
  return { service: m[1]!, path: m[2] ?? '/', url };
}

type ApiKeyRole = 'anon' | 'service_role' | null;

function needsKeyAuth(service: string, path: string): boolean {
  if (service === 'rest' || service === 'realtime') return true;
  if (service === 'auth') return !KEY_AUTH_FREE_AUTH_PATHS.some((re) => re.test(path));
  return false;
}

type Target = { service: string; path: string; url: URL };
type Refusal = { status: number; body: object; headers?: Record<string, string> };

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Applies key-auth, the refusal of a secret key from a browser, and the `Authorization` each service is
 * handed (api-keys.ts `downstreamAuthorization`). Returns the refusal to send, or the apikey's role to go on.
 * `upgrade` marks Realtime's WebSocket, whose route only carries the `?apikey=` parameter (Realtime reads it).
 */
function admit(req: IncomingMessage, target: Target, keys: Keys, upgrade = false): Refusal | { role: ApiKeyRole } {
  const headerKey = firstHeader(req.headers['apikey']);
  const queryKey = target.url.searchParams.get('apikey') ?? undefined;
  const apikey = headerKey ?? queryKey;
  const role = apikey ? keys.apiKeyRole(apikey) : null;
  if (needsKeyAuth(target.service, target.path)) {
    if (!apikey)
      return {
        status: 401,
        body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
      };
    if (!role)
      return {
        status: 401,
        body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
      };
  }
  // A secret key wherever it is presented (header, query parameter, or as Bearer, which Functions accept),
  // on every service, is refused to a browser.
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (
    isBrowserUserAgent(req.headers['user-agent']) &&
    [headerKey, queryKey, bearer].some((k) => k !== undefined && apiKeyKind(k, keys) === 'secret')
  ) {
    return {
      status: SECRET_KEY_IN_BROWSER.status,
      body: SECRET_KEY_IN_BROWSER.body,
      headers: { 'sb-error-code': SECRET_KEY_IN_BROWSER.errorCode },
    };
  }
  // Functions get the caller's Authorization untouched (the platform's verify_jwt accepts the new keys on
  // either header: functions/verify-jwt.ts); Realtime's socket gets its token from the query parameter.
  if (target.service !== 'functions' && !upgrade) {
    let authorization = downstreamAuthorization(req.headers.authorization, headerKey, keys);
    // Hosted Storage strips an optional "Bearer " itself (src/http/plugins/jwt.ts), so the bare legacy key the
    // gateway copies from apikey is read as that key's JWT; the local Storage reads only "Bearer <token>".
    if (target.service === 'storage' && authorization !== undefined && authorization === headerKey)
      authorization = `Bearer ${authorization}`;
    if (authorization === undefined) delete req.headers.authorization;
    else req.headers.authorization = authorization;
  }
  return { role };
}

function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
  res.setHeader('Vary', 'Origin');
  void req;
}

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(200, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': requested ? `${CORS_ALLOW_HEADERS}, ${requested}` : CORS_ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
    'Content-Length': '0',
  });
  res.end();
}

/**
 * The proxies whose X-Forwarded-For is believed: LOCAL_SUPABASE_TRUSTED_PROXIES, a comma-separated list of
 * addresses and CIDR blocks (`127.0.0.1, 10.0.0.0/8, ::1`); none by default (ADR 0028).
 */
export function parseTrustedProxies(raw: string | undefined): net.BlockList {
  const list = new net.BlockList();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const type = net.isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address!))
      throw new Error(`LOCAL_SUPABASE_TRUSTED_PROXIES: "${entry}" is not an address or CIDR block`);
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

/**
 * Sets X-Forwarded-For as Kong does (trusted_ips): a trusted proxy's list is kept and its own address appended;
 * from anyone else the header is replaced by the address the connection comes from, so a client cannot choose the
 * address that auth's rate limits and sessions see.
 */
export function setForwardedFor(req: IncomingMessage, trusted: net.BlockList): void {
  const remote = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const type = net.isIPv6(remote) ? 'ipv6' : 'ipv4';
  const prior = req.headers['x-forwarded-for'];
  const isTrusted = remote !== '' && trusted.check(remote, type);
  req.headers['x-forwarded-for'] = isTrusted && prior ? `${prior}, ${remote}` : remote;
}

export interface Gateway {
  server: http.Server;
  close(): Promise<void>;
}

export function createGateway(
  services: Service[],
  keys: Keys,
  log: Log,
  trustedProxies: net.BlockList = new net.BlockList(),
): Gateway {
  const byName = new Map(services.map((s) => [s.name, s]));

  const server = http.createServer(async (req, res) => {
    setForwardedFor(req, trustedProxies);
    const target = parseTarget(req);
    if (!target || !byName.has(target.service as Service['name'])) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const isFunctions = target.service === 'functions';
    if (!isFunctions) {
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) return answerPreflight(req, res);
      applyCors(req, res);
    }
    const verdict = admit(req, target, keys);
    if ('status' in verdict) {
      sendJson(res, verdict.status, verdict.body, verdict.headers);
      return;
    }
    const greq = req as GatewayRequest;
    greq.path = target.path;
    greq.gatewayUrl = target.url;
    greq.apiKeyRole = verdict.role;
    try {
      await byName.get(target.service as Service['name'])!.handle(greq, res);
    } catch (err) {
      log(`${target.service}: unhandled error on ${req.method} ${target.url.pathname}: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  // Upgraded sockets (Realtime's WebSockets) are not HTTP connections any more, so closeAllConnections()
  // does not end them and server.close() would wait for them forever.
  const upgraded = new Set<Duplex>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    setForwardedFor(req, trustedProxies);
    const target = parseTarget(req);
    const service = target ? byName.get(target.service as Service['name']) : undefined;
    if (!target || !service?.upgrade) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const verdict = admit(req, target, keys, true);
    if ('status' in verdict) {
      const body = JSON.stringify(verdict.body);
      const extra = Object.entries(verdict.headers ?? {})
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${verdict.status} Unauthorized\r\nContent-Type: application/json\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    const greq = req as GatewayRequest;
    greq.path = target.path;
    greq.gatewayUrl = target.url;
    greq.apiKeyRole = verdict.role;
    service.upgrade(greq, socket, head);
  });

  // Node drops a CONNECT request without a word unless someone listens for it. Kong (nginx) refuses the method
  // before routing ("client sent CONNECT method", 405) and renders its JSON error page; the connection ends with it.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const body = JSON.stringify({ message: 'Method not allowed' });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  return {
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }),
  };
}
