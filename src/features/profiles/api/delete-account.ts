import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { supabase } from '@/lib/supabase';

/** SPEC §7 account deletion: rpc delete_user (the database removes rows and files). */
export async function deleteAccount(): Promise<void> {
  const { error } = await supabase.rpc('delete_user');
  if (error) throw error;
}

export function useDeleteAccount(options: { onDeleted: () => void | Promise<void> }) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast.success('Account deleted successfully');
      await options.onDeleted();
    },
    onError: () => toast.error('Failed to delete account. Please try again.'),
  });
}
