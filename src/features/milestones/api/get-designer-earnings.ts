import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { milestoneKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const earningsSchema = z.object({
  released: z.coerce.number(),
  on_the_way: z.coerce.number(),
  held: z.coerce.number(),
});

export type DesignerEarnings = z.infer<typeof earningsSchema>;

/**
 * The calling designer's earnings (rpc designer_earnings, docs/milestones.md): released (transfers made), on the
 * way (transfers waiting, e.g. for Get paid) and held (funded milestones not released yet).
 */
export async function getDesignerEarnings(): Promise<DesignerEarnings> {
  const { data, error } = await supabase.rpc('designer_earnings');
  if (error) throw error;
  return earningsSchema.parse(data);
}

export function getDesignerEarningsQueryOptions(designerId: string) {
  return queryOptions({ queryKey: milestoneKeys.earnings(designerId), queryFn: getDesignerEarnings });
}

export function useDesignerEarnings(designerId: string) {
  return useQuery(getDesignerEarningsQueryOptions(designerId));
}
