/**
 * What to show for a refused request: the database's and the functions' refusals are sentences written for people
 * (docs/security.md), so they are shown as they are; anything without one gets a general sentence.
 */
export function errorSentence(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '' && /[.!?]$/.test(message.trim())) return message;
  }
  return fallback;
}
