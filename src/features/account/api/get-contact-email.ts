import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The e-mail address of the other party of an active project or a paid order. The database gives it only then
 * (rpc contact_email answers 42501 otherwise, docs/decisions/0030-safe-by-default.md); profiles never expose it.
 * One's own address is the session's (auth.user.email), never read here.
 */
export async function getContactEmail(userId: string): Promise<string | null> {
  const { data, error } = await supabase.rpc('contact_email', { p_user: userId });
  if (error) throw error;
  return data;
}

export function getContactEmailQueryOptions(userId: string) {
  return queryOptions({
    queryKey: contactKeys.email(userId),
    queryFn: () => getContactEmail(userId),
    // A refusal (the project was completed, the order cancelled) is an answer, not a blip: do not ask again.
    retry: false,
  });
}

export function useContactEmail(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getContactEmailQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
