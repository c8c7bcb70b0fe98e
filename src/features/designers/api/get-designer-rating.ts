import { queryOptions, useQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type DesignerRating = { average: number | null; count: number };

/**
 * Average and count of a designer's ratings. Only the rating column is read (served by the
 * (designer_id, created_at) index); a designer has one review per completed project, so the set stays small.
 */
export async function getDesignerRating(designerId: string): Promise<DesignerRating> {
  const { data, error } = await supabase.from('reviews').select('rating').eq('designer_id', designerId).limit(10_000);
  if (error) throw error;
  if (data.length === 0) return { average: null, count: 0 };
  const sum = data.reduce((total, row) => total + row.rating, 0);
  return { average: sum / data.length, count: data.length };
}

export function getDesignerRatingQueryOptions(designerId: string) {
  return queryOptions({ queryKey: designerKeys.ratings(designerId), queryFn: () => getDesignerRating(designerId) });
}

export function useDesignerRating(designerId: string) {
  return useQuery(getDesignerRatingQueryOptions(designerId));
}

/** The average is shown to one decimal (docs/product.md, Limits). */
export function formatAverage(average: number): string {
  return average.toFixed(1);
}
