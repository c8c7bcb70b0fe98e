import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ReportSubject } from '@/features/admin/utils/labels';

/**
 * The reason every operator action asks for (docs/trust-and-safety.md): written to the audit log, and for a warning
 * sent to the person. The database holds the same bounds.
 */
export const moderationReasonSchema = z.object({
  reason: z.string().trim().min(1, 'Please give a reason').max(1000, 'The reason must be at most 1000 characters'),
});

export type ModerationReason = z.output<typeof moderationReasonSchema>;

/** What rpc moderate does to a reported thing; suspend and reinstate go through moderate-account. */
export type ContentAction = 'dismiss' | 'hide' | 'restore' | 'warn';

export type ModerateInput = { kind: ReportSubject; id: string; action: ContentAction; reason: string };

/**
 * Dismisses the reports on a thing, hides it, shows it again or warns its person (rpc moderate). Every action closes
 * the thing's open reports, tells each reporter the outcome and writes the audit log; the answer is the log line's id.
 */
export async function moderate({ kind, id, action, reason }: ModerateInput): Promise<string> {
  const { data, error } = await supabase.rpc('moderate', {
    p_kind: kind,
    p_id: id,
    p_action: action,
    p_reason: reason,
  });
  if (error) throw error;
  return data;
}

export function useModerate(callbacks: MutationCallbacks<string, ModerateInput> = {}) {
  return useRefreshingMutation({
    mutationFn: moderate,
    // The queue, the thing's page and the audit log all change.
    refreshes: () => [adminKeys.moderation()],
    callbacks,
  });
}
