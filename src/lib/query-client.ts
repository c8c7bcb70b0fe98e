import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { reportIfAccountSuspended } from '@/lib/account-suspended';

export const queryConfig = {
  queries: {
    // Realtime feeds and explicit invalidation keep data fresh; refetching on every focus only adds load.
    refetchOnWindowFocus: false,
    // One retry smooths over a dropped connection; an answer from the server (RLS refusal, bad filter,
    // missing row) comes back the same the second time, so it is not retried.
    retry: (failureCount, error) => failureCount < 1 && !isServerAnswer(error),
    staleTime: 60_000,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/** PostgREST, Auth and Storage errors carry a code or an HTTP status; network failures carry neither. */
function isServerAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return (typeof code === 'string' && code !== '') || (typeof status === 'number' && status > 0);
}

/**
 * The app's client. Every query's and mutation's failure passes its caches' onError: the one place that notices a
 * refusal because the account is suspended (docs/trust-and-safety.md), whichever page made the request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError: reportIfAccountSuspended }),
    mutationCache: new MutationCache({ onError: reportIfAccountSuspended }),
  });
}
