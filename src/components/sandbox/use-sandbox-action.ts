import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/**
 * A sandbox page's buttons (docs/payments.md, "The sandbox"): `useAct` is the feature's mutation hook (called with
 * `key`, the user or the order); its answer is the URL `onDone` follows, a refusal is toasted in the function's
 * words. `busy` stays true once it succeeded, so no second click fires while the page moves on.
 */
export function useSandboxAction<TInput>(
  useAct: (key: string, callbacks: MutationCallbacks<string, TInput>) => UseMutationResult<string, Error, TInput>,
  key: string,
  onDone: (url: string) => void,
  failure: string,
) {
  const action = useAct(key, {
    onSuccess: (url) => onDone(url),
    onError: (error) => toast.error(error.message || failure),
  });
  return { mutate: action.mutate, busy: action.isPending || action.isSuccess };
}
