import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesKey,
  type NotificationEmailPreferences,
} from '@/features/account/api/get-notification-preferences';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

export type SetNotificationEmailInput = { kind: string; email: boolean };

/** One row per (user, kind), the table's primary key: the first change inserts it, later ones update its e-mail. */
export async function setNotificationEmail(userId: string, { kind, email }: SetNotificationEmailInput): Promise<void> {
  const { error } = await supabase
    .from('notification_preferences')
    .upsert({ user_id: userId, kind, email }, { onConflict: 'user_id,kind' });
  if (error) throw error;
}

/**
 * The switch moves at once (the cache is set before the server answers); a refusal puts that kind back as it was.
 * Changes run one after another (one mutation scope), so a quick on-off-on reaches the server in order.
 */
export function useSetNotificationEmail({
  userId,
  onSuccess,
  onError,
}: MutationCallbacks<void, SetNotificationEmailInput> & { userId: string }) {
  const queryClient = useQueryClient();
  const key = notificationPreferencesKey(userId);
  return useMutation({
    scope: { id: `notification-preferences:${userId}` },
    mutationFn: (input: SetNotificationEmailInput) => setNotificationEmail(userId, input),
    onMutate: async ({ kind, email }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationEmailPreferences>(key)?.[kind];
      queryClient.setQueryData<NotificationEmailPreferences>(key, (old) => ({ ...old, [kind]: email }));
      return { before };
    },
    onSuccess,
    onError: async (error, input, context) => {
      queryClient.setQueryData<NotificationEmailPreferences>(key, (old) => {
        const next = { ...old };
        // No row before means on: drop the key rather than invent a row.
        if (context?.before === undefined) delete next[input.kind];
        else next[input.kind] = context.before;
        return next;
      });
      await onError?.(error, input);
    },
  });
}
