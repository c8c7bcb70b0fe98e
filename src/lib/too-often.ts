/**
 * The database's or a function's refusal of someone doing a thing too often (docs/product.md, Limits): PostgREST
 * answers 429 with SQLSTATE PT429, the payment functions 429 with code `rate_limited`; both carry the sentence
 * to show ('You're doing that too often. Try again in N minutes.'). Null for any other error.
 */
export function tooOftenMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if ((code === 'PT429' || code === 'rate_limited') && typeof message === 'string' && message !== '') return message;
  return null;
}
