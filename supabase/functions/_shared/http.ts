import { corsHeaders, preflight } from './cors.ts';

/** An error the caller should see: its message goes out as `{ error }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** `{ error, code? }` with CORS: supabase-js exposes it as `error.context.json()` to the app. */
export function errorJson(status: number, message: string, code?: string): Response {
  return json(code ? { error: message, code } : { error: message }, status);
}

/**
 * The request body as a JSON object. No body (supabase-js `invoke` without a body) counts as `{}`;
 * anything else that is not a JSON object is the caller's mistake (400), never a 500.
 */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be JSON', 'invalid_json');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'Request body must be a JSON object', 'invalid_json');
  }
  return value as Record<string, unknown>;
}

/**
 * Wraps a handler with what every function here does the same way: the CORS preflight, CORS headers on
 * every answer, only the listed methods, and errors as JSON. An unexpected failure is logged and answered
 * 500 without internals; a payment provider that fails is 502 (HttpError thrown by the providers).
 */
export function withHttp(
  methods: readonly string[],
  handler: (req: Request) => Promise<Response>,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const pre = preflight(req);
    if (pre) return pre;
    if (!methods.includes(req.method)) {
      return errorJson(405, `Method ${req.method} not allowed`, 'method_not_allowed');
    }
    try {
      return await handler(req);
    } catch (err) {
      if (err instanceof HttpError) return errorJson(err.status, err.message, err.code);
      console.error('unexpected error:', err);
      return errorJson(500, 'Internal error', 'internal_error');
    }
  };
}
