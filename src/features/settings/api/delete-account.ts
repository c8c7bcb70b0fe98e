import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { supabase } from '@/lib/supabase';

export class NoUserError extends Error {
  constructor() {
    super('No user logged in');
    this.name = 'NoUserError';
  }
}

/**
 * SPEC §7 rpc delete_user: removes the auth user and, through the database, everything that is theirs
 * (profile, role, projects, bids, messages, files…). Without a user it refuses with 'No user logged in'.
 */
export async function deleteAccount(userId: string | null | undefined): Promise<void> {
  if (!userId) throw new NoUserError();
  const { error } = await supabase.rpc('delete_user');
  if (error) throw error;
}

type UseDeleteAccountOptions = {
  userId: string | null | undefined;
  /** After the deletion: the route signs out and goes home. */
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
