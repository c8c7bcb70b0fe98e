import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { numberedPages, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const REVIEWS_PAGE_SIZE = 20;

/** A designer's reviews, newest first, paged; the name is reviews.client_name. */
export async function getDesignerReviewsPage(designerId: string, page: number) {
  const { data, error } = await supabase
    .from('reviews')
    .select('id, client_name, rating, comment, created_at')
    .eq('designer_id', designerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, REVIEWS_PAGE_SIZE));
  if (error) throw error;
  return data;
}

export function useDesignerReviews(designerId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: designerKeys.reviews(designerId),
      queryFn: ({ pageParam }) => getDesignerReviewsPage(designerId, pageParam),
      ...numberedPages(REVIEWS_PAGE_SIZE),
    }),
  );
}
