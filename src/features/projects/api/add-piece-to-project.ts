import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/**
 * Adds a Good Stuff piece to an active project's Items & Budget at its price (or an accepted offer's), linked to
 * the listing, and holds it for that project for 7 days. The database checks who may, the piece's state and the
 * hard cap (its refusal carries the words to show).
 */
export async function addPieceToProject(projectId: string, itemId: string): Promise<Tables<'project_items'>> {
  const { data, error } = await supabase.rpc('add_catalog_item_to_project', { project_id: projectId, item_id: itemId });
  if (error) throw error;
  return data as Tables<'project_items'>;
}

export function useAddPieceToProject(
  itemId: string,
  { onSuccess, onError }: MutationCallbacks<Tables<'project_items'>, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => addPieceToProject(projectId, itemId),
    onSuccess: async (item, projectId) => {
      await onSuccess?.(item, projectId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.items(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]);
    },
    onError,
    // Held now (or taken by someone else meanwhile): the piece is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pieceKeys.all }),
  });
}
