import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** SPEC §7 projects: "update status completed" (the owner, active → completed; the database refuses the rest). */
export async function completeProject(projectId: string): Promise<void> {
  const { error } = await supabase.from('projects').update({ status: 'completed' }).eq('id', projectId);
  if (error) throw error;
}

export function useCompleteProject({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProject,
    onSuccess: async (_data, projectId) => {
      toast.success('Project marked as complete');
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      onSuccess?.();
    },
    onError: () => toast.error('Failed to complete project'),
  });
}
