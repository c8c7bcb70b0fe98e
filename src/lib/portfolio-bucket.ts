import { supabase } from '@/lib/supabase';

/** Designers' portfolio photos: a public bucket, one folder per designer ({designerId}/{file}). */
export const PORTFOLIO_BUCKET = 'designer-portfolio';

export type PortfolioFile = { name: string; path: string; url: string };

/**
 * The photos in a designer's portfolio folder, `limit` of them in the given order, each with its path and public
 * URL (the bucket is public: plain URLs, no signing). The folder's placeholder and sub-folders are left out.
 */
export async function listPortfolio(
  designerId: string,
  { limit, sortBy }: { limit: number; sortBy: { column: 'name' | 'created_at'; order: 'asc' | 'desc' } },
): Promise<PortfolioFile[]> {
  const bucket = supabase.storage.from(PORTFOLIO_BUCKET);
  const { data, error } = await bucket.list(designerId, { limit, sortBy });
  if (error) throw error;
  return data
    .filter((file) => file.id !== null && file.name !== '.emptyFolderPlaceholder')
    .map((file) => {
      const path = `${designerId}/${file.name}`;
      return { name: file.name, path, url: bucket.getPublicUrl(path).data.publicUrl };
    });
}
