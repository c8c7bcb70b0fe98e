import { useMutation, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { invokeFunction, toFunctionError } from '@/lib/function-error';

/** What a mail's unsubscribe token names: one kind of e-mail for one person (docs/decisions/0025-notifications.md). */
export type UnsubscribeTarget = { unsubscribed: boolean; kind: string; topic: string };

/** Asks the unsubscribe function what the token names, changing nothing (a link scanner may open the page). */
export async function getUnsubscribeTarget(token: string): Promise<UnsubscribeTarget> {
  const { data, error } = await supabase.functions.invoke<UnsubscribeTarget>(
    `unsubscribe?token=${encodeURIComponent(token)}`,
    { method: 'GET', headers: { Accept: 'application/json' } },
  );
  if (error) throw await toFunctionError(error);
  return data as UnsubscribeTarget;
}

export function useUnsubscribeTarget(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => getUnsubscribeTarget(token),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

/** Turns that kind's e-mail off; signed in or not, the token is the permission. */
export function unsubscribeByToken(token: string): Promise<UnsubscribeTarget> {
  return invokeFunction<UnsubscribeTarget>('unsubscribe', { token });
}

export function useUnsubscribeByToken() {
  return useMutation({ mutationFn: unsubscribeByToken });
}
