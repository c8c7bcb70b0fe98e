import { useInfiniteQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const REVIEWS_PAGE_SIZE = 20;

/** A designer's reviews, newest first, paged; the name is reviews.client_name. */
export async function getDesignerReviewsPage(designerId: string, page: number) {
  const { data, error } = await supabase
    .from('reviews')
    .select('id, client_id, client_name, rating, comment, created_at')
    .eq('designer_id', designerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, REVIEWS_PAGE_SIZE));
  if (error) throw error;
  return data;
}

export type DesignerReview = Awaited<ReturnType<typeof getDesignerReviewsPage>>[number];

export function useDesignerReviews(designerId: string) {
  return useInfiniteQuery(
    numberedPagesQueryOptions(designerKeys.reviews(designerId), REVIEWS_PAGE_SIZE, (page) =>
      getDesignerReviewsPage(designerId, page),
    ),
  );
}
