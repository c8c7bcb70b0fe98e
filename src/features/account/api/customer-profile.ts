import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { designStyles } from '@/config/design-styles';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { optionalPlaceSchema } from '@/lib/places/place-schema';
import { ownProfileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export async function getCustomerProfile(userId: string) {
  const { data, error } = await supabase
    .from('customer_profiles')
    .select('username, location, place_id, space_size, budget_range, preferred_style')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function useCustomerProfile(userId: string) {
  return useQuery(
    queryOptions({ queryKey: ownProfileKeys.customer(userId), queryFn: () => getCustomerProfile(userId) }),
  );
}

const styleNames: readonly string[] = designStyles.map((style) => style.name);

/** '' → null; otherwise a whole positive number (the columns are integers > 0). */
const optionalPositiveInt = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) > 0), `${label} must be a positive number`)
    .transform((v) => (v === '' ? null : Number(v)));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v));

export const customerProfileInputSchema = z
  .object({
    username: optionalText(50, 'Username must be at most 50 characters'),
    // The location field's text and chosen place (PlaceField); saved as location and place_id.
    location: optionalPlaceSchema,
    space_size: optionalPositiveInt('Space size'),
    budget_range: optionalPositiveInt('Budget'),
    // The style's display name, one of the 15 (docs/product.md, Styles); the database refuses anything else
    // (customer_profiles_preferred_style_known).
    preferred_style: z
      .string()
      .trim()
      .refine((v) => v === '' || styleNames.includes(v), 'Please choose a style from the list')
      .transform((v) => (v === '' ? null : v)),
  })
  .transform(({ location, ...rest }) => ({ ...rest, ...location }));
export type CustomerProfileInput = z.input<typeof customerProfileInputSchema>;
export type CustomerProfileValues = z.output<typeof customerProfileInputSchema>;

/** Updates the user's customer_profiles row (it exists from sign-up). */
export async function updateCustomerProfile(userId: string, values: CustomerProfileValues): Promise<void> {
  const { data, error } = await supabase
    .from('customer_profiles')
    .update(values)
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw error;
  if (data.length === 0) throw new Error('No customer profile to update');
}

export function useUpdateCustomerProfile(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<void, CustomerProfileValues> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomerProfileValues) => updateCustomerProfile(userId, values),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownProfileKeys.customer(userId) }),
  });
}
