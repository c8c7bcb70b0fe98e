import type { PieceStatus } from '@/features/good-stuff/utils/piece-fields';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type StatusChange = { itemId: string; status: PieceStatus };

/** What the seller is told once a change is saved. */
export const STATUS_CHANGED: Record<PieceStatus, string> = {
  sold: 'Marked as sold',
  delisted: 'Listing removed from Good Stuff',
  available: 'Listing is back on Good Stuff',
};

/**
 * The seller marks their piece sold, delists it or relists it (the policy lets only its seller; the database keeps
 * is_available in step). No row back: not theirs, or gone.
 */
export async function setPieceStatus({ itemId, status }: StatusChange): Promise<void> {
  const { data, error } = await supabase.from('catalog_items').update({ status }).eq('id', itemId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This listing could not be changed');
}

export function useSetPieceStatus(callbacks: MutationCallbacks<void, StatusChange> = {}) {
  return useRefreshingMutation({
    mutationFn: setPieceStatus,
    refreshes: () => [pieceKeys.all],
    callbacks,
  });
}
