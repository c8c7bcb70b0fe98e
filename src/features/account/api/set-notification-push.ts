import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushPreferencesKey, type NotificationPushPreferences } from '@/features/account/api/get-push-preferences';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

export type SetNotificationPushInput = { kind: string; push: boolean };

/**
 * The same row as the e-mail switch (primary key user + kind): the upsert sends only `push`, so a first change
 * inserts the row with e-mail on (the default) and later ones leave e-mail as it is.
 */
export async function setNotificationPush(userId: string, { kind, push }: SetNotificationPushInput): Promise<void> {
  const { error } = await supabase
    .from('notification_preferences')
    .upsert({ user_id: userId, kind, push }, { onConflict: 'user_id,kind' });
  if (error) throw error;
}

/** Moves at once and puts the kind back on a refusal; changes run in order (one scope with the e-mail ones). */
export function useSetNotificationPush({
  userId,
  onSuccess,
  onError,
}: MutationCallbacks<void, SetNotificationPushInput> & { userId: string }) {
  const queryClient = useQueryClient();
  const key = pushPreferencesKey(userId);
  return useMutation({
    scope: { id: `notification-preferences:${userId}` },
    mutationFn: (input: SetNotificationPushInput) => setNotificationPush(userId, input),
    onMutate: async ({ kind, push }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPushPreferences>(key)?.[kind];
      queryClient.setQueryData<NotificationPushPreferences>(key, (old) => ({ ...old, [kind]: push }));
      return { before };
    },
    onSuccess,
    onError: async (error, input, context) => {
      queryClient.setQueryData<NotificationPushPreferences>(key, (old) => {
        const next = { ...old };
        if (context?.before === undefined) delete next[input.kind];
        else next[input.kind] = context.before;
        return next;
      });
      await onError?.(error, input);
    },
  });
}
