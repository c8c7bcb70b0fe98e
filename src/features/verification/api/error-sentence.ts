import { FunctionError } from '@/lib/function-error';

/** SQLSTATEs whose message the database writes for people (docs/security.md): not allowed, bad value, … */
const FOR_PEOPLE = new Set(['42501', '23514', '23505', '55000', 'P0002', 'PT429', '22023']);

/**
 * What to show for a refused request: the database's and the functions' refusals (a 4xx from a function, one of the
 * SQLSTATEs above from the database) are sentences written for people, shown as they are; anything else (a failing
 * server, the network, Storage's technical messages) gets a general sentence.
 */
export function errorSentence(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof FunctionError) {
    return error.status !== null && error.status >= 400 && error.status < 500 ? error.message : fallback;
  }
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && FOR_PEOPLE.has(code) && typeof message === 'string' && message.trim() !== '') {
      return message;
    }
  }
  return fallback;
}
