import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const DESIGNER_BIDS_PAGE_SIZE = 20;

/**
 * The signed-in designer's own bids, newest first, with each one's status (rpc designer_bids,
 * docs/decisions/0020). A bid that lost leaves its project hidden by row-level security; the function still
 * gives its title, and `can_open` says whether the designer may open the project now (assigned to them, or
 * still open to bids). Keyset pages, as the other paged lists.
 */
export async function getDesignerBids(after: KeysetCursor | null) {
  const { data, error } = await supabase
    .rpc('designer_bids', {
      after_created_at: after?.created_at,
      after_id: after?.id,
      page_size: DESIGNER_BIDS_PAGE_SIZE,
    })
    .select('id, project_id, project_title, bid_amount, status, created_at, can_open')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data;
}

export type DesignerBid = Awaited<ReturnType<typeof getDesignerBids>>[number];

export function getDesignerBidsQueryOptions(designerId: string) {
  return infiniteQueryOptions({
    // The function answers for the signed-in user; the id keys the cache per user.
    queryKey: projectKeys.designerBids(designerId),
    queryFn: ({ pageParam }) => getDesignerBids(pageParam),
    ...keysetPages<DesignerBid>(DESIGNER_BIDS_PAGE_SIZE),
  });
}

export function useDesignerBids(designerId: string) {
  return useInfiniteQuery(getDesignerBidsQueryOptions(designerId));
}
