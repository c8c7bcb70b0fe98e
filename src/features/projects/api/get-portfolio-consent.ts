import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The customer's current portfolio choices for one of their projects (its parties may read them). */
export async function getPortfolioConsent(projectId: string): Promise<PortfolioConsent> {
  const { data, error } = await supabase
    .from('projects')
    .select('portfolio_consent, portfolio_show_costs')
    .eq('id', projectId)
    .single();
  if (error) throw error;
  return { showInPortfolio: data.portfolio_consent, showCosts: data.portfolio_show_costs };
}

export function getPortfolioConsentQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.portfolioConsent(projectId),
    queryFn: () => getPortfolioConsent(projectId),
  });
}

export function usePortfolioConsent(projectId: string) {
  return useQuery(getPortfolioConsentQueryOptions(projectId));
}
