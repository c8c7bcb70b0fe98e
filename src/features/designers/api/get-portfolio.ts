import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPortfolio, type PortfolioFile } from '@/lib/portfolio-bucket';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const PORTFOLIO_LIMIT = 100;

export type PortfolioPhoto = PortfolioFile;

/** The designer's own portfolio (the page that manages it): newest upload first, with each photo's path. */
export function getPortfolioPhotos(designerId: string): Promise<PortfolioPhoto[]> {
  return listPortfolio(designerId, { limit: PORTFOLIO_LIMIT, sortBy: { column: 'created_at', order: 'desc' } });
}

export function getPortfolioPhotosQueryOptions(designerId: string) {
  return queryOptions({
    queryKey: designerKeys.portfolioPhotos(designerId),
    queryFn: () => getPortfolioPhotos(designerId),
  });
}

export function usePortfolioPhotos(designerId: string) {
  return useQuery(getPortfolioPhotosQueryOptions(designerId));
}

/** The designer's public display name ("{name}'s Portfolio"). */
export async function getPortfolioOwnerName(designerId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('designer_profiles')
    .select('full_name, username')
    .eq('user_id', designerId)
    .maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  return data ? (data.full_name ?? data.username ?? 'Designer') : null;
}

export function usePortfolioOwnerName(designerId: string) {
  return useQuery({
    queryKey: [...designerKeys.detail(designerId), 'name'],
    queryFn: () => getPortfolioOwnerName(designerId),
  });
}
