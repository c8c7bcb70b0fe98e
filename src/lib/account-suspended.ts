/**
 * While Good Space has suspended an account, the API refuses its every request: PostgREST answers 403 with the code
 * 'account_suspended' (docs/trust-and-safety.md). The QueryClient (src/lib/query-client.ts) sees every query's and
 * mutation's error and reports such a refusal here, once per burst; the app's shell listens and signs the person
 * out (src/app/leave-suspended-account.ts).
 */
export function isAccountSuspended(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === 'account_suspended';
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` when a request was refused because the account is suspended; returns the way to stop. */
export function onAccountSuspended(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners, when `error` is the suspended account's refusal. */
export function reportIfAccountSuspended(error: unknown): void {
  if (!isAccountSuspended(error)) return;
  for (const listener of listeners) listener();
}
