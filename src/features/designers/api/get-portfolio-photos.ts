import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPortfolioPreview, type PortfolioPreviewPhoto } from '@/features/designers/api/get-portfolio-preview';
import { designerKeys } from '@/lib/query-keys';

/** A designer's portfolio photos for the profile grid: the card preview's listing, first 60. */
export function getDesignerPortfolioPhotos(designerId: string): Promise<PortfolioPreviewPhoto[]> {
  return getPortfolioPreview(designerId, 60);
}

export function useDesignerPortfolioPhotos(designerId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...designerKeys.portfolioPhotos(designerId), 'profile'],
      queryFn: () => getDesignerPortfolioPhotos(designerId),
    }),
  );
}
