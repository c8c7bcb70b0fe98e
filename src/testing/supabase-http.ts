import type { Session, User } from '@supabase/supabase-js';
import { HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Supabase's HTTP API, answered at the network boundary in the SPA's unit tests (MSW). Components, hooks and api
 * files run with the app's real supabase-js client, which builds the real requests (paths, filters, Prefer and
 * Accept headers, bodies); a test says what the backend answers, in the shapes hosted Supabase answers with
 * (docs/architecture.md, "Tests"), and reads what was sent. A request no handler answers fails the test's fetch
 * and is reported by MSW, so a changed query cannot pass unnoticed.
 *
 * What the backend itself does (policies, triggers, functions) is tested against the real local stack in
 * tests/ and e2e/; these tests are about what the app sends and how it shows the answers.
 */

/** The API origin unit tests build the client with (vitest.config.ts); MSW answers it, nothing reaches the network. */
export const API_URL = 'http://127.0.0.1:54321';

/**
 * Realtime's socket. By default it accepts the connection and answers nothing: channels stay joining, so no
 * catch-up read follows a subscribe. A test about what a feed delivers answers it (src/testing/supabase-realtime.ts);
 * whether the backend sends a change (publication, RLS) is tested against the local stack (tests/, e2e/).
 */
export const realtimeSocket = ws.link(`${API_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`);

export const server = setupServer(realtimeSocket.addEventListener('connection', () => {}));

export const restUrl = (table: string) => `${API_URL}/rest/v1/${table}`;
export const rpcUrl = (name: string) => `${API_URL}/rest/v1/rpc/${name}`;
export const functionUrl = (name: string) => `${API_URL}/functions/v1/${name}`;
export const authUrl = (path: string) => `${API_URL}/auth/v1/${path}`;
export const storageUrl = (path: string) => `${API_URL}/storage/v1/${path}`;

type Row = Record<string, unknown>;

/** A PostgREST error body and status, e.g. pgrstError(400, '23514', 'Invalid project status change'). */
export function pgrstError(status: number, code: string, message: string, details: string | null = null) {
  return HttpResponse.json({ code, details, hint: null, message }, { status });
}

/**
 * PostgREST's answer with `rows` as the result of the request: the singular Accept header (`.single()`) gets the
 * one row or 406 PGRST116; a write answers 201 (POST) or 200 with the rows when `Prefer: return=representation`
 * asked for them, else 201/204 with no body.
 */
export function pgrstRows(request: Request, rows: Row[]) {
  const singular = (request.headers.get('accept') ?? '').includes('application/vnd.pgrst.object+json');
  const representation = (request.headers.get('prefer') ?? '').includes('return=representation');
  const status = request.method === 'POST' ? 201 : 200;
  if (request.method !== 'GET' && request.method !== 'HEAD' && !representation)
    return new HttpResponse(null, { status: request.method === 'POST' ? 201 : 204 });
  if (singular) {
    if (rows.length !== 1)
      return HttpResponse.json(
        {
          code: 'PGRST116',
          details: `The result contains ${rows.length} rows`,
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        },
        { status: 406 },
      );
    return HttpResponse.json(rows[0], { status });
  }
  return HttpResponse.json(rows, { status });
}

/**
 * PostgREST's answer to `select(…, { count: 'exact', head: true })`: a HEAD with no body, the total in
 * `Content-Range` (`0-24/25`; with no rows, the range is a star), where supabase-js reads `count`.
 */
export function pgrstCount(total: number) {
  return new HttpResponse(null, {
    status: 200,
    headers: { 'Content-Range': total === 0 ? '*/0' : `0-${total - 1}/${total}` },
  });
}

/**
 * GoTrue's error answer as hosted Supabase sends it to supabase-js (which always asks for API version 2024-01-01):
 * `{code, message}` with the version echoed in `X-Supabase-Api-Version` (without it auth-js cannot read the code)
 * and the code in `x-sb-error-code`; `extra` adds fields such as `weak_password: {reasons}`.
 */
export function gotrueError(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json(
    { code, message, ...extra },
    { status, headers: { 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': code } },
  );
}

/**
 * Who a request was sent as: the `sub` claim of its `Authorization: Bearer` JWT (a signed-in user's access token),
 * or null when it carried no user's token (the publishable key, or no Authorization at all). The backend decides
 * what a request may do from this token (RLS), so a test of a user's action checks it went out under their name.
 */
export function sentAs(request: { headers: Headers }): string | null {
  const payload = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** One request as the app sent it; `body` is parsed JSON (or text, or null when there was none). */
export type SentRequest = { method: string; url: URL; headers: Headers; body: unknown };

/**
 * Records every request the app sends from now until the test ends. `to(method, path)` lists those to one
 * endpoint (`path` relative to the API origin, e.g. 'rest/v1/projects'), in the order they were sent.
 */
export function recordRequests() {
  const sent: Promise<SentRequest>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const copy = request.clone();
    sent.push(
      copy.text().then((text) => {
        let body: unknown = text === '' ? null : text;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          // Not JSON (a file upload): keep the text.
        }
        return { method: request.method, url: new URL(request.url), headers: request.headers, body };
      }),
    );
  };
  server.events.on('request:start', listener);
  return {
    async all() {
      return Promise.all(sent);
    },
    async to(method: string, path: string) {
      const all = await Promise.all(sent);
      return all.filter((r) => r.method === method && r.url.pathname === `/${path.replace(/^\//, '')}`);
    },
    stop() {
      server.events.removeListener('request:start', listener);
    },
  };
}

/** A value a handler waits for until the test gives it: an answer that stays under way. */
export function later<T>() {
  let give: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (give = resolve));
  return { promise, give };
}

/** A user as GoTrue describes one. */
export function authUser(id: string, email: string, metadata: Record<string, unknown> = {}): User {
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    created_at: '2026-11-01T00:00:00Z',
    factors: [],
  } as User;
}

/**
 * A session as GoTrue issues it, its access token a JWT with the user's claims (unsigned: only the backend checks
 * signatures, and here the backend is the test).
 */
export function sessionFor(user: User): Session {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const base64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', exp };
  return {
    access_token: `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: exp,
    refresh_token: `refresh-${user.id}`,
    user,
  };
}

/**
 * Stores `user`'s session where supabase-js keeps it (`sb-<first label of the API host>-auth-token` in
 * localStorage), as after a sign-in in an earlier visit. Call it before the client starts (a hoisted block) for
 * the app's start-up to find it; later reads of the session find it too.
 */
export function storeSession(user: User) {
  localStorage.setItem(`sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`, JSON.stringify(sessionFor(user)));
}
