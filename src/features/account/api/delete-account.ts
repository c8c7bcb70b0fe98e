import { useMutation } from '@tanstack/react-query';
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
 * with NoUserError, here or, for a session the server no longer accepts, from the function (401).
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
  onSuccess?: () => void | Promise<void>;
  onError?: (error: Error) => void;
};

export function useDeleteAccount({ userId, onSuccess, onError }: UseDeleteAccountOptions) {
  return useMutation({ mutationFn: () => deleteAccount(userId), onSuccess, onError });
}
