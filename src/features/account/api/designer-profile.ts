import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { optionalPlaceSchema } from '@/lib/places/place-schema';
import { designerKeys, ownProfileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export async function getOwnDesignerProfile(userId: string) {
  const { data, error } = await supabase
    .from('designer_profiles')
    .select(
      'username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location, place_id, availability_status',
    )
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function useOwnDesignerProfile(userId: string) {
  return useQuery(
    queryOptions({ queryKey: ownProfileKeys.designer(userId), queryFn: () => getOwnDesignerProfile(userId) }),
  );
}

const rate = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) < 100_000_000),
      `${label} must be 0 or greater`,
    )
    .transform((v) => (v === '' ? 0 : Number(v)));

/** The same bounds the database holds (docs/schema.md): bio 10–1000, rates ≥ 0, experience 0–80. */
export const designerProfileInputSchema = z
  .object({
    username: z
      .string()
      .trim()
      .max(50, 'Username must be at most 50 characters')
      .transform((v) => (v === '' ? null : v)),
    bio: z
      .string()
      .trim()
      .refine((v) => v === '' || v.length >= 10, 'Bio must be at least 10 characters')
      .refine((v) => v.length <= 1000, 'Bio must be at most 1000 characters')
      .transform((v) => (v === '' ? null : v)),
    base_rate: rate('Base rate'),
    rate_per_item: rate('Rate per item'),
    rate_per_sqft: rate('Rate per sq ft'),
    specialties: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length <= 20, 'At most 20 specialties'),
    experience_years: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 80), 'Experience must be between 0 and 80 years')
      .transform((v) => (v === '' ? 0 : Number(v))),
    // The location field's text and chosen place (PlaceField); saved as location and place_id.
    location: optionalPlaceSchema,
    availability_status: z.enum(['available', 'unavailable']),
  })
  .transform(({ location, ...rest }) => ({ ...rest, ...location }));
export type DesignerProfileInput = z.input<typeof designerProfileInputSchema>;
export type DesignerProfileValues = z.output<typeof designerProfileInputSchema>;

/** Upserts designer_profiles on its primary key user_id. */
export async function saveDesignerProfile(userId: string, values: DesignerProfileValues): Promise<void> {
  const { error } = await supabase.from('designer_profiles').upsert({ user_id: userId, ...values });
  if (error) throw error;
}

export function useSaveDesignerProfile(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<void, DesignerProfileValues> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DesignerProfileValues) => saveDesignerProfile(userId, values),
    onSuccess,
    onError,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ownProfileKeys.designer(userId) });
      await queryClient.invalidateQueries({ queryKey: designerKeys.all });
    },
  });
}
