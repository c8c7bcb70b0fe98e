import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { adminKeys } from '@/lib/query-keys';
import type { ReportSubject } from '@/features/admin/utils/labels';

export type ModerateAccountInput = {
  userId: string;
  action: 'suspend' | 'reinstate';
  reason: string;
  /** The reported thing that led to a suspension (written to the audit log beside it). */
  subject?: { kind: ReportSubject; id: string };
};

const answerSchema = z.object({ action_id: z.string() });

/**
 * Suspends or reinstates an account through the edge function moderate-account (docs/trust-and-safety.md): the
 * database's part (profiles.suspended_at, what suspension hides and withdraws, the audit log) and Auth's ban, which
 * only the service key can set, and the end of the person's sessions. Throws FunctionError with the function's
 * sentence.
 */
export async function moderateAccount({ userId, action, reason, subject }: ModerateAccountInput): Promise<string> {
  const answer = await invokeFunction<unknown>('moderate-account', {
    user_id: userId,
    action,
    reason,
    ...(subject ? { subject_kind: subject.kind, subject_id: subject.id } : {}),
  });
  return answerSchema.parse(answer).action_id;
}

export function useModerateAccount(callbacks: MutationCallbacks<string, ModerateAccountInput> = {}) {
  return useRefreshingMutation({
    mutationFn: moderateAccount,
    refreshes: () => [adminKeys.moderation()],
    callbacks,
  });
}
