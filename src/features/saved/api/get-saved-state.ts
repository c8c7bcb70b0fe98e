import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

type Kind = 'item' | 'designer';

type Waiting = { resolve: (saved: boolean) => void; reject: (error: unknown) => void };

/**
 * A grid shows a heart per card: the hearts rendered together ask together, in one read of the viewer's saved rows
 * among those ids (the primary key (user_id, …) serves it), instead of one request per card.
 */
const batches = new Map<string, Map<string, Waiting[]>>();

/** Which of `ids` the viewer saved (RLS shows only their own rows; the filter lets the primary key serve it). */
async function savedAmong(kind: Kind, userId: string, ids: string[]): Promise<Set<string>> {
  if (kind === 'item') {
    const { data, error } = await supabase
      .from('saved_items')
      .select('catalog_item_id')
      .eq('user_id', userId)
      .in('catalog_item_id', ids);
    if (error) throw error;
    return new Set(data.map((row) => row.catalog_item_id));
  }
  const { data, error } = await supabase
    .from('saved_designers')
    .select('designer_id')
    .eq('user_id', userId)
    .in('designer_id', ids);
  if (error) throw error;
  return new Set(data.map((row) => row.designer_id));
}

async function readBatch(kind: Kind, userId: string, waiting: Map<string, Waiting[]>) {
  try {
    const saved = await savedAmong(kind, userId, [...waiting.keys()]);
    for (const [id, list] of waiting) for (const w of list) w.resolve(saved.has(id));
  } catch (error) {
    for (const list of waiting.values()) for (const w of list) w.reject(error);
  }
}

/** Whether the viewer saved this piece or designer (batched with the other hearts asked for in the same moment). */
function isSaved(kind: Kind, userId: string, id: string): Promise<boolean> {
  const batchKey = `${kind}:${userId}`;
  return new Promise<boolean>((resolve, reject) => {
    let waiting = batches.get(batchKey);
    if (!waiting) {
      const fresh = new Map<string, Waiting[]>();
      batches.set(batchKey, fresh);
      waiting = fresh;
      setTimeout(() => {
        batches.delete(batchKey);
        void readBatch(kind, userId, fresh);
      }, 0);
    }
    waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]);
  });
}

export function savedStateQueryOptions(kind: Kind, userId: string, id: string) {
  return queryOptions({
    queryKey: kind === 'item' ? savedKeys.item(userId, id) : savedKeys.designer(userId, id),
    queryFn: () => isSaved(kind, userId, id),
  });
}

export function useSavedState(kind: Kind, userId: string, id: string) {
  return useQuery(savedStateQueryOptions(kind, userId, id));
}
