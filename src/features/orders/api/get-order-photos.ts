import { useQuery } from '@tanstack/react-query';
import { ORDER_PHOTOS_BUCKET } from '@/features/orders/utils/order-photos';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Links of the private bucket are valid this long (docs/product.md, Limits: photo link validity). */
const SIGNED_SECONDS = 3600;

export type SignedOrderPhoto = { path: string; url: string };

/**
 * Signed links to the photos of a refusal, a problem or a statement; the bucket's policies let only the order's
 * two parties (and operators) read them. A photo whose link could not be made is left out.
 */
export async function getOrderPhotos(paths: readonly string[]): Promise<SignedOrderPhoto[]> {
  if (paths.length === 0) return [];
  const { data, error } = await supabase.storage.from(ORDER_PHOTOS_BUCKET).createSignedUrls([...paths], SIGNED_SECONDS);
  if (error) throw error;
  return paths.flatMap((path, index) => {
    const url = data[index]?.signedUrl;
    return url ? [{ path, url }] : [];
  });
}

export function useOrderPhotos(paths: readonly string[]) {
  return useQuery({
    queryKey: orderKeys.photos(paths),
    queryFn: () => getOrderPhotos(paths),
    enabled: paths.length > 0,
    // Read again well before the links run out.
    staleTime: (SIGNED_SECONDS / 2) * 1000,
  });
}
