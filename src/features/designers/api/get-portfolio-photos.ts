import { queryOptions, useQuery } from '@tanstack/react-query';
import { PORTFOLIO_BUCKET, type PortfolioPreviewPhoto } from '@/features/designers/api/get-portfolio-preview';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A designer's portfolio photos for the profile grid (first 60). */
export async function getDesignerPortfolioPhotos(designerId: string): Promise<PortfolioPreviewPhoto[]> {
  const { data, error } = await supabase.storage
    .from(PORTFOLIO_BUCKET)
    .list(designerId, { limit: 60, sortBy: { column: 'name', order: 'asc' } });
  if (error) throw error;
  return data
    .filter((file) => file.id !== null && file.name !== '.emptyFolderPlaceholder')
    .map((file) => ({
      name: file.name,
      url: supabase.storage.from(PORTFOLIO_BUCKET).getPublicUrl(`${designerId}/${file.name}`).data.publicUrl,
    }));
}

export function useDesignerPortfolioPhotos(designerId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...designerKeys.portfolioPhotos(designerId), 'profile'],
      queryFn: () => getDesignerPortfolioPhotos(designerId),
    }),
  );
}
