import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { FunctionError, invokeFunction } from '@/lib/function-error';

export class NoUserError extends Error {
  constructor() {
    super('No user logged in');
    this.name = 'NoUserError';
  }
}

/**
 * Deletes the signed-in user's account through the delete-account function: their files through Storage, then
 * the auth user and, through the database, everything that is theirs (ADR 0018). Without a user it refuses
 * with 'No user logged in', here or, for a session the server no longer accepts, from the function (401).
 */
export async function deleteAccount(userId: string | null | undefined): Promise<void> {
  if (!userId) throw new NoUserError();
  try {
    await invokeFunction<unknown>('delete-account');
  } catch (error) {
    if (error instanceof FunctionError && error.status === 401) throw new NoUserError();
    throw error;
  }
}

type UseDeleteAccountOptions = {
  userId: string | null | undefined;
  /** After the deletion: the route leaves the page and signs out. */
  onDeleted: () => void | Promise<void>;
};

export function useDeleteAccount({ userId, onDeleted }: UseDeleteAccountOptions) {
  return useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: async () => {
      toast.success('Account deleted successfully');
      await onDeleted();
    },
    onError: (error) => {
      console.error('Error deleting account', error);
      toast.error(error instanceof NoUserError ? 'No user logged in' : 'Failed to delete account. Please try again.');
    },
  });
}
