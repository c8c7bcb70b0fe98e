import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDesigner } from '@/features/saved/api/save-designer';
import { saveItem } from '@/features/saved/api/save-piece';
import { unsaveDesigner } from '@/features/saved/api/unsave-designer';
import { unsaveItem } from '@/features/saved/api/unsave-piece';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { savedKeys } from '@/lib/query-keys';

type Kind = 'item' | 'designer';

/**
 * Saves or unsaves a piece or designer at once on screen (optimistic): the heart fills before the server answers
 * and goes back to what it was when the server refuses. The Saved page's lists are read again afterwards.
 */
export function useToggleSaved(
  kind: Kind,
  userId: string,
  id: string,
  { onSuccess, onError }: MutationCallbacks<void, boolean> = {},
) {
  const queryClient = useQueryClient();
  const key = kind === 'item' ? savedKeys.item(userId, id) : savedKeys.designer(userId, id);
  return useMutation({
    mutationFn: (save: boolean) => {
      if (kind === 'item') return save ? saveItem(userId, id) : unsaveItem(userId, id);
      return save ? saveDesigner(userId, id) : unsaveDesigner(userId, id);
    },
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<boolean>(key);
      queryClient.setQueryData(key, save);
      return { previous };
    },
    onSuccess,
    onError: (error, save, context) => {
      queryClient.setQueryData(key, context?.previous ?? !save);
      onError?.(error, save);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: kind === 'item' ? savedKeys.itemList(userId) : savedKeys.designerList(userId),
      }),
  });
}
