import { useQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** At most this many offered; a designer picks three. */
const CAP = 50;

/**
 * The designer's projects the 'Verified pro' projects method accepts: completed, theirs, and shown in their
 * portfolio with the customer's consent (projects.portfolio_consent), newest first.
 */
export async function getEligibleProjects(userId: string) {
  const { data, error } = await supabase
    .from('projects')
    .select('id, title, completed_at')
    .eq('designer_id', userId)
    .eq('status', 'completed')
    .eq('portfolio_consent', true)
    .order('completed_at', { ascending: false })
    .limit(CAP);
  if (error) throw error;
  return data;
}

export function useEligibleProjects(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: verificationKeys.eligibleProjects(userId),
    queryFn: () => getEligibleProjects(userId),
    enabled: enabled && userId !== '',
  });
}
