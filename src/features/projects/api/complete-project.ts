import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portfolioConsentColumns, type PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';
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

export function useCompleteProject({ onSuccess, onError }: MutationCallbacks<void, CompleteProjectInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProject,
    onSuccess: async (data, input) => {
      await onSuccess?.(data, input);
      const { projectId, designerId } = input;
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      if (designerId) await queryClient.invalidateQueries({ queryKey: designerKeys.completedProjects(designerId) });
    },
    onError,
  });
}
