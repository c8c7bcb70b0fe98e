import { HttpResponse } from 'msw';

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

/** The user a request was sent as: the `sub` claim of its `Authorization: Bearer <jwt>` (null for the bare key). */
export function bearerSubject(headers: Headers): string | null {
  const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
  const payload = token.split('.')[1];
  if (!payload) return null;
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
  return claims.sub ?? null;
}
