import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const OWN_REQUEST_COLUMNS =
  'id, kind, method, school_email, email_token_expires_at, email_confirmed_at, document_paths, project_ids, status, decided_at, reason, created_at';

/**
 * The designer's badge (designer_profiles.verified) and their latest request, whatever its status, so the card can
 * say what is waiting, what was decided and why.
 */
export async function getOwnVerification(userId: string) {
  const [profile, latest] = await Promise.all([
    supabase.from('designer_profiles').select('verified').eq('user_id', userId).maybeSingle(),
    supabase
      .from('verification_requests')
      .select(OWN_REQUEST_COLUMNS)
      .eq('designer_id', userId)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
  ]);
  if (profile.error) throw profile.error;
  if (latest.error) throw latest.error;
  return { badge: profile.data?.verified ?? null, request: latest.data };
}

export type OwnVerification = Awaited<ReturnType<typeof getOwnVerification>>;
export type OwnVerificationRequest = NonNullable<OwnVerification['request']>;

export function getOwnVerificationQueryOptions(userId: string) {
  return queryOptions({ queryKey: verificationKeys.own(userId), queryFn: () => getOwnVerification(userId) });
}

export function useOwnVerification(userId: string) {
  return useQuery({ ...getOwnVerificationQueryOptions(userId), enabled: userId !== '' });
}
