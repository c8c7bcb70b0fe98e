/** The database's one sentence for anything between two people a block stops (docs/trust-and-safety.md). */
export const CANT_CONTACT = "You can't contact this person.";

/**
 * The sentence to show when the database refused a message, offer, nudge or bid because of a block (SQLSTATE 42501
 * with exactly that sentence); null for any other error, including other 42501 refusals.
 */
export function cantContactMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42501' && message === CANT_CONTACT ? CANT_CONTACT : null;
}
