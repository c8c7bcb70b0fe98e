import { queryOptions, useQuery } from '@tanstack/react-query';
import { milestoneKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const COLUMNS =
  'id, kind, amount, currency, status, reason, provider, provider_id, created_at, completed_at, project_id, milestone:project_milestones!inner(id, title, customer_id, project:projects(id, title))';

/**
 * The customer's design-fee payments across their projects (docs/milestones.md): the charges that funded
 * milestones and the refunds back, newest first, for Orders. Transfers to designers are not the customer's
 * receipts. Row-level security keeps them to the projects' parties; the filter keeps them to the ones they paid.
 */
export async function getDesignFeePayments(customerId: string) {
  const { data, error } = await supabase
    .from('milestone_payments')
    .select(COLUMNS)
    .eq('milestone.customer_id', customerId)
    .in('kind', ['charge', 'refund'])
    .eq('status', 'succeeded')
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) throw error;
  return data;
}

export type DesignFeePayment = Awaited<ReturnType<typeof getDesignFeePayments>>[number];

export function getDesignFeePaymentsQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: milestoneKeys.payments(customerId),
    queryFn: () => getDesignFeePayments(customerId),
  });
}

export function useDesignFeePayments(customerId: string) {
  return useQuery(getDesignFeePaymentsQueryOptions(customerId));
}
