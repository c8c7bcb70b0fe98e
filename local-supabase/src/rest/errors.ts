import type { ServerResponse } from 'node:http';

/**
 * PostgREST's error body `{code, message, details, hint}` with its HTTP status.
 * Source: PostgREST src/PostgREST/Error.hs@v14.12 (`status`, `toJsonPgrstError`, `headers`).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A parse error of a query-string parameter (PGRST100), worded like PostgREST's Parsec messages. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

export function invalidBody(message = 'Empty or invalid json', details: string | null = null): RestError {
  return new RestError(400, 'PGRST102', message, details);
}

/** The fields node-postgres puts on a server error. */
export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(err: unknown): err is PgErrorLike {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as { code: string }).code) &&
    'severity' in err
  );
}

/** SQLSTATE → HTTP status, PostgREST v14.12 `pgErrorStatus`. */
export function pgErrorStatus(err: PgErrorLike, authed: boolean): number {
  const code = err.code ?? '';
  const cls = code.slice(0, 2);
  if (code === '42501') return authed ? 403 : 401;
  if (code === '21000') return err.message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(err.message) ? 401 : 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (/^PT\d{3}$/.test(code)) {
    const n = Number(code.slice(2));
    return n >= 100 && n <= 599 ? n : 500;
  }
  if (cls === 'P0') return 500;
  if (cls === '08') return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(cls)) return 500;
  if (['0L', '0P', '28'].includes(cls)) return 403;
  if (cls === '53') return 503;
  return 400;
}

/** Turns a Postgres error into PostgREST's error. `RAISE SQLSTATE 'PGRST'` custom errors are honoured too. */
export function fromPgError(err: PgErrorLike, authed: boolean): RestError {
  const code = err.code ?? 'XX000';
  if (code === 'PGRST') return customRaise(err);
  const status = pgErrorStatus(err, authed);
  const headers: Record<string, string> = {};
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return new RestError(status, code, err.message, err.detail ?? null, err.hint ?? null, headers);
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{..}}'`
 * (PostgREST docs "Raise errors with HTTP Status Codes"); a malformed one is PGRST121.
 */
function customRaise(err: PgErrorLike): RestError {
  try {
    const body = JSON.parse(err.message) as Record<string, unknown>;
    const meta = JSON.parse(err.detail ?? '') as { status?: unknown; headers?: unknown };
    const status = typeof meta.status === 'number' ? meta.status : 500;
    const headers =
      meta.headers && typeof meta.headers === 'object'
        ? (meta.headers as Record<string, string>)
        : ({} as Record<string, string>);
    return new RestError(
      status,
      String(body.code ?? ''),
      String(body.message ?? ''),
      body.details ?? null,
      (body.hint as string | null | undefined) ?? null,
      headers,
    );
  } catch {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      'Invalid JSON value for MESSAGE or DETAIL',
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
}

export function sendError(res: ServerResponse, err: RestError): void {
  const text = JSON.stringify(err.body());
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(err.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Proxy-Status': `PostgREST; error=${err.code}`,
    ...err.headers,
  });
  res.end(text);
}

/** Levenshtein distance, for PostgREST's "Perhaps you meant …" hints. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * The closest candidate, or null when nothing is close. PostgREST uses a fuzzy set; this approximates it
 * with an edit distance of at most a quarter of the word.
 */
export function closest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  const w = word.toLowerCase();
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    const limit = Math.max(1, Math.floor(Math.max(w.length, c.length) / 4));
    if (d <= limit && d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}
