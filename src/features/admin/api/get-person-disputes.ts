import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** How many of a person's disputes their history shows (the newest). */
const PERSON_DISPUTES_LIMIT = 20;

export type PersonDispute = {
  id: string;
  kind: 'dispute' | 'chargeback';
  status: string;
  outcome: string | null;
  created_at: string;
  milestone_title: string;
  role: 'customer' | 'designer';
};

/**
 * The disputes and chargebacks on milestones where the person is the customer or the designer, newest first, for
 * their history in the console (docs/trust-and-safety.md). Operators read every milestone and dispute (the tables'
 * select policies); anyone else reads only their own projects', and the console is operators' only.
 */
export async function getPersonDisputes(personId: string): Promise<PersonDispute[]> {
  const { data, error } = await supabase
    .from('project_milestones')
    .select('title, customer_id, milestone_disputes!inner(id, kind, status, outcome, created_at)')
    .or(`customer_id.eq.${personId},designer_id.eq.${personId}`)
    .order('created_at', { ascending: false })
    .limit(PERSON_DISPUTES_LIMIT);
  if (error) throw error;
  return data
    .flatMap((milestone) =>
      milestone.milestone_disputes.map((dispute): PersonDispute => ({
        id: dispute.id,
        kind: dispute.kind === 'chargeback' ? 'chargeback' : 'dispute',
        status: dispute.status,
        outcome: dispute.outcome,
        created_at: dispute.created_at,
        milestone_title: milestone.title,
        role: milestone.customer_id === personId ? 'customer' : 'designer',
      })),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, PERSON_DISPUTES_LIMIT);
}

export function personDisputesQueryOptions(personId: string) {
  return queryOptions({
    queryKey: adminKeys.personDisputes(personId),
    queryFn: () => getPersonDisputes(personId),
  });
}

export function usePersonDisputes(personId: string) {
  return useQuery(personDisputesQueryOptions(personId));
}
