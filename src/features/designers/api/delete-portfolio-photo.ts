import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PORTFOLIO_BUCKET } from '@/lib/portfolio-bucket';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Removes one of the owner's photos; storage policies refuse anyone else's (nothing is removed then). */
export async function deletePortfolioPhoto(path: string): Promise<void> {
  const { data, error } = await supabase.storage.from(PORTFOLIO_BUCKET).remove([path]);
  if (error) throw error;
  if (data.length === 0) throw new Error('Photo not removed');
}

export function useDeletePortfolioPhoto(userId: string, { onSuccess, onError }: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolioPhoto,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designerKeys.portfolioPhotos(userId) }),
  });
}
