import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** An item: name 1–100, description up to 500, cost above 0 (cents at most, as the database keeps them). */
export const addItemInputSchema = z.object({
  name: z.string().trim().min(1, 'Item name is required').max(100, 'Item name must be at most 100 characters'),
  description: z
    .string()
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .transform((v) => (v === '' ? null : v)),
  cost: z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Cost must be positive')
    .refine((v) => Number(v) < 10_000_000_000, 'Cost is too large')
    .transform(Number),
});

export type AddItemFormValues = z.input<typeof addItemInputSchema>;
export type AddItemInput = z.output<typeof addItemInputSchema>;

export async function addItem(projectId: string, userId: string, input: AddItemInput): Promise<void> {
  const { error } = await supabase.from('project_items').insert({ project_id: projectId, added_by: userId, ...input });
  if (error) throw error;
}

/** The database's own refusal of a hard-cap overrun carries the words to show (check_item_budget), or null. */
export function hardCapRefusal(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('Cannot add item:') ? message : null;
}

export function useAddItem(projectId: string, userId: string, callbacks: MutationCallbacks<void, AddItemInput> = {}) {
  return useRefreshingMutation({
    mutationFn: (input: AddItemInput) => addItem(projectId, userId, input),
    refreshes: () => [projectKeys.items(projectId)],
    callbacks,
  });
}
