import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { nudgeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const sendNudgeInputSchema = z.object({
  projectId: z.string().min(1, 'Please select a project'),
  designerId: z.string().min(1),
});
export type SendNudgeInput = z.infer<typeof sendNudgeInputSchema>;

/** Inserts the nudge; the database refuses a duplicate (23505) and a client without a plan (42501). */
export async function sendNudge(clientId: string, input: SendNudgeInput): Promise<void> {
  const { error } = await supabase.from('designer_nudges').insert({
    client_id: clientId,
    designer_id: input.designerId,
    project_id: input.projectId,
    status: 'pending',
  });
  if (error) throw error;
}

export function isDuplicateNudge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function useSendNudge(clientId: string, callbacks: MutationCallbacks<void, SendNudgeInput> = {}) {
  return useRefreshingMutation({
    mutationFn: (input: SendNudgeInput) => sendNudge(clientId, input),
    refreshes: () => [nudgeKeys.sent(clientId)],
    callbacks,
  });
}
