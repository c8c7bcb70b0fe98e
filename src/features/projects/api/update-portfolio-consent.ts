import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { designerKeys, projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The customer's two portfolio choices for a completed project (docs/decisions/0017): show it in the designer's
 * portfolio, and also show what it cost. Both off until the customer says yes; costs need the first. The
 * database holds the same rule (projects_portfolio_costs_need_consent) and lets only the customer write them.
 */
export const portfolioConsentSchema = z
  .object({ showInPortfolio: z.boolean(), showCosts: z.boolean() })
  .refine((value) => value.showInPortfolio || !value.showCosts, {
    message: 'To show what it cost, also show the project in the portfolio',
    path: ['showCosts'],
  });

export type PortfolioConsent = z.infer<typeof portfolioConsentSchema>;

export const NO_PORTFOLIO_CONSENT: PortfolioConsent = { showInPortfolio: false, showCosts: false };

/** The columns the choices are stored in. */
export function portfolioConsentColumns(consent: PortfolioConsent) {
  const parsed = portfolioConsentSchema.parse(consent);
  return { portfolio_consent: parsed.showInPortfolio, portfolio_show_costs: parsed.showCosts };
}

/** Changes the choices later; the row comes back, so a refusal (not the customer: no row) is an error. */
export async function updatePortfolioConsent(projectId: string, consent: PortfolioConsent): Promise<PortfolioConsent> {
  const { data, error } = await supabase
    .from('projects')
    .update(portfolioConsentColumns(consent))
    .eq('id', projectId)
    .select('portfolio_consent, portfolio_show_costs')
    .single();
  if (error) throw error;
  return { showInPortfolio: data.portfolio_consent, showCosts: data.portfolio_show_costs };
}

export function useUpdatePortfolioConsent(
  { projectId, designerId }: { projectId: string; designerId: string | null },
  { onSuccess, onError }: MutationCallbacks<PortfolioConsent, PortfolioConsent> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: PortfolioConsent) => updatePortfolioConsent(projectId, consent),
    onSuccess: async (saved, consent) => {
      await onSuccess?.(saved, consent);
      queryClient.setQueryData(projectKeys.portfolioConsent(projectId), saved);
      if (designerId) await queryClient.invalidateQueries({ queryKey: designerKeys.completedProjects(designerId) });
    },
    onError,
  });
}
