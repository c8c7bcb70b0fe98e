import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { FunctionError, invokeFunction } from '@/lib/function-error';

/** The function's 401: the session is gone (SPEC §5 'No user logged in'). */
export function isNoUserError(error: unknown): boolean {
  return error instanceof FunctionError && error.status === 401;
}

/**
 * SPEC §6 account deletion, through the delete-account function: the user's files through Storage, then the
 * account and, through the database, everything that is theirs (ADR 0018).
 */
export async function deleteAccount(): Promise<void> {
  await invokeFunction<unknown>('delete-account');
}

export function useDeleteAccount(options: { onDeleted: () => void | Promise<void> }) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast.success('Account deleted successfully');
      await options.onDeleted();
    },
    onError: (error) => {
      console.error('Error deleting account', error);
      toast.error(isNoUserError(error) ? 'No user logged in' : 'Failed to delete account. Please try again.');
    },
  });
}
