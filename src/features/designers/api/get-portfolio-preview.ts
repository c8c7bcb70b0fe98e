import { queryOptions, useQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { listPortfolio } from '@/lib/portfolio-bucket';

export type PortfolioPreviewPhoto = { name: string; url: string };

/** Up to `limit` photos of a designer's portfolio folder (public bucket: plain public URLs). */
export async function getPortfolioPreview(designerId: string, limit = 3): Promise<PortfolioPreviewPhoto[]> {
  const files = await listPortfolio(designerId, { limit, sortBy: { column: 'name', order: 'asc' } });
  return files.map(({ name, url }) => ({ name, url }));
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
