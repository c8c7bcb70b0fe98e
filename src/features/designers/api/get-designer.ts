import { queryOptions, useQuery } from '@tanstack/react-query';
import { DESIGNER_CARD_COLUMNS, type DesignerCardRow } from '@/features/designers/api/get-designers';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** One designer's public profile; null when there is none (the page says 'Designer not found'). */
export async function getDesigner(designerId: string): Promise<DesignerCardRow | null> {
  const { data, error } = await supabase
    .from('designer_profiles')
    .select(DESIGNER_CARD_COLUMNS)
    .eq('user_id', designerId)
    .maybeSingle();
  if (error) {
    // A malformed id is "not found", not a failure.
    if (error.code === '22P02') return null;
    throw error;
  }
  return data as DesignerCardRow | null;
}

export function getDesignerQueryOptions(designerId: string) {
  return queryOptions({ queryKey: designerKeys.detail(designerId), queryFn: () => getDesigner(designerId) });
}

export function useDesigner(designerId: string) {
  return useQuery(getDesignerQueryOptions(designerId));
}
