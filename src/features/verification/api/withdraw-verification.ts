import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designerKeys, verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Withdraws the designer's badge and any request in progress (rpc withdraw_verification), then removes that
 * request's documents from their folder through Storage (decide-verification's sweep catches any left).
 */
export async function withdrawVerification(documentPaths: readonly string[]): Promise<void> {
  const { error } = await supabase.rpc('withdraw_verification');
  if (error) throw error;
  if (documentPaths.length > 0) {
    const { error: removeError } = await supabase.storage.from('verification-documents').remove([...documentPaths]);
    if (removeError) console.error('Removing the withdrawn documents failed', removeError);
  }
}

export function useWithdrawVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentPaths: readonly string[]) => withdrawVerification(documentPaths),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: verificationKeys.own(userId) });
      await queryClient.invalidateQueries({ queryKey: designerKeys.all });
    },
  });
}
