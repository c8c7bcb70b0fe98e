import { portfolioConsentColumns, type PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { designerKeys, projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type CompleteProjectInput = { projectId: string; designerId: string | null; consent: PortfolioConsent };

/**
 * Marks the project completed (its customer, active → completed; the database refuses the rest),
 * with the customer's portfolio choices in the same update (docs/decisions/0017). The row comes back, so an
 * update that row-level security turned into nothing is reported as a failure, not as a completion.
 */
export async function completeProject({ projectId, consent }: CompleteProjectInput): Promise<void> {
  const { data, error } = await supabase
    .from('projects')
    .update({ status: 'completed', ...portfolioConsentColumns(consent) })
    .eq('id', projectId)
    .select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('Project not completed');
}

export function useCompleteProject(callbacks: MutationCallbacks<void, CompleteProjectInput> = {}) {
  return useRefreshingMutation({
    mutationFn: completeProject,
    refreshes: ({ projectId, designerId }) => [
      projectKeys.detail(projectId),
      projectKeys.lists(),
      ...(designerId ? [designerKeys.completedProjects(designerId)] : []),
    ],
    callbacks,
  });
}
