import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { requiredPlaceSchema } from '@/lib/places/place-schema';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Numbers are parsed; what does not parse becomes empty, and empty is then "required". */
const parsedPositive = (required: string) =>
  z
    .string()
    .transform((v) => {
      const n = Number.parseInt(v.replace(/[^\d.]/g, ''), 10);
      return Number.isFinite(n) ? n : null;
    })
    .refine((n): n is number => n !== null, required)
    .refine((n) => n !== null && n > 0, 'Must be a positive number');

export const movingProjectInputSchema = z
  .object({
    // The location field's text and chosen place (PlaceField).
    location: requiredPlaceSchema,
    space_size: parsedPositive('Space size is required'),
    budget: parsedPositive('Budget is required'),
    budget_type: z.enum(['soft', 'hard']).default('soft'),
    items: z.string().trim().max(900, 'Items description must be at most 900 characters'),
    preferred_style: z.string().trim().min(1, 'Please select a design style'),
  })
  .transform(({ location, ...rest }) => ({ ...rest, ...location }));
export type MovingProjectInput = z.input<typeof movingProjectInputSchema>;
export type MovingProjectValues = z.output<typeof movingProjectInputSchema>;

/**
 * Where the title and description say the customer is moving: the chosen place's name, never free text (which may
 * be an address; designers of an open project see its title, not its location: docs/decisions/0030-safe-by-default.md).
 */
function destination(values: MovingProjectValues): string {
  return values.place_id ? values.location : 'a new home';
}

export function movingProjectDescription(values: MovingProjectValues): string {
  const base = `Moving to ${destination(values)} and furnishing a ${values.space_size} sq ft space.`;
  return values.items ? `${base} Items needed: ${values.items}` : base;
}

/** A moving project: a pending project titled 'Moving to {place}' (the database needs a client plan). */
export async function createMovingProject(customerId: string, values: MovingProjectValues): Promise<void> {
  const { error } = await supabase.from('projects').insert({
    customer_id: customerId,
    title: `Moving to ${destination(values)}`.slice(0, 100),
    description: movingProjectDescription(values),
    location: values.location,
    place_id: values.place_id,
    space_size: values.space_size,
    budget: values.budget,
    budget_type: values.budget_type,
    preferred_style: values.preferred_style,
    status: 'pending',
  });
  if (error) throw error;
}

export function useCreateMovingProject(
  customerId: string,
  callbacks: MutationCallbacks<void, MovingProjectValues> = {},
) {
  return useRefreshingMutation({
    mutationFn: (values: MovingProjectValues) => createMovingProject(customerId, values),
    refreshes: () => [projectKeys.all],
    callbacks,
  });
}
