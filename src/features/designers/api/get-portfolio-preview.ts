import { queryOptions, useQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const PORTFOLIO_BUCKET = 'designer-portfolio';

export type PortfolioPreviewPhoto = { name: string; url: string };

/** Up to `limit` photos of a designer's portfolio folder (public bucket: plain public URLs). */
export async function getPortfolioPreview(designerId: string, limit = 3): Promise<PortfolioPreviewPhoto[]> {
  const { data, error } = await supabase.storage
    .from(PORTFOLIO_BUCKET)
    .list(designerId, { limit, sortBy: { column: 'name', order: 'asc' } });
  if (error) throw error;
  return data
    .filter((file) => file.id !== null && file.name !== '.emptyFolderPlaceholder')
    .map((file) => ({
      name: file.name,
      url: supabase.storage.from(PORTFOLIO_BUCKET).getPublicUrl(`${designerId}/${file.name}`).data.publicUrl,
    }));
}

export function getPortfolioPreviewQueryOptions(designerId: string) {
  return queryOptions({
    queryKey: [...designerKeys.portfolioPhotos(designerId), 'preview'],
    queryFn: () => getPortfolioPreview(designerId),
  });
}

export function usePortfolioPreview(designerId: string) {
  return useQuery(getPortfolioPreviewQueryOptions(designerId));
}
