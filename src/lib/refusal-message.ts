import { FunctionError } from '@/lib/function-error';

/** The database's refusals whose sentence is written for people (docs/security.md, errors for people; PT429 a limit). */
const SAID_FOR_PEOPLE = new Set(['42501', '23514', '23505', '55000', 'P0002', 'PT429']);

/**
 * What to tell the user when an action is refused (a milestone, an order): the database's or the function's own
 * sentence when it is one written for people (the wrong state, not their milestone, a bad amount), else the fallback.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof FunctionError) {
    return error.status !== null && error.status >= 400 && error.status < 500 && error.code !== 'not_logged_in'
      ? error.message || fallback
      : fallback;
  }
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) {
    const { code, message } = error as { code: unknown; message: unknown };
    if (typeof code === 'string' && SAID_FOR_PEOPLE.has(code) && typeof message === 'string' && message) {
      return message;
    }
  }
  return fallback;
}
