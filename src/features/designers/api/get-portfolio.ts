import { queryOptions, useQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const PORTFOLIO_BUCKET = 'designer-portfolio';
export const PORTFOLIO_LIMIT = 100;

export type PortfolioPhoto = { name: string; path: string; url: string };

/** The designer-portfolio bucket: list under {designerId}/ and public URLs. */
export async function getPortfolioPhotos(designerId: string): Promise<PortfolioPhoto[]> {
  const { data, error } = await supabase.storage
    .from(PORTFOLIO_BUCKET)
    .list(designerId, { limit: PORTFOLIO_LIMIT, sortBy: { column: 'created_at', order: 'desc' } });
  if (error) throw error;
  return data
    .filter((file) => file.id !== null && file.name !== '.emptyFolderPlaceholder')
    .map((file) => {
      const path = `${designerId}/${file.name}`;
      return { name: file.name, path, url: supabase.storage.from(PORTFOLIO_BUCKET).getPublicUrl(path).data.publicUrl };
    });
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
