import { useEffect } from 'react';
import { usePreferredStyle } from '@/features/designers/api/get-preferred-style';
import {
  designerFiltersFrom,
  designerFiltersPatch,
  type DesignerFilters,
} from '@/features/designers/utils/designer-search-params';
import { useSearchPatch } from '@/hooks/use-search-patch';

export type DesignerSearch = {
  filters: DesignerFilters;
  /** Changes some filters in the URL (each change starts from the last one asked for: useSearchPatch). */
  set: (changes: Partial<DesignerFilters>) => void;
  /** False while the customer's preferred style is still being read for a URL that names no style. */
  ready: boolean;
};

/**
 * The directory's filters and order, all in the URL (docs/places.md, "Designer filters"). A URL without `style`
 * takes the customer's preferred style (chosen on the landing page): it is written into the URL once read, so the
 * filter shows it and the link says it; choosing "All styles" writes `style=any`, which keeps it out.
 */
export function useDesignerSearch(userId: string | null | undefined): DesignerSearch {
  const [params, patch] = useSearchPatch();
  const filters = designerFiltersFrom(params);
  const preferred = usePreferredStyle(userId);
  const preferredStyle = preferred.data ?? null;
  const waiting = filters.style === null && Boolean(userId) && preferred.isPending;

  useEffect(() => {
    if (filters.style === null && preferredStyle) patch(designerFiltersPatch({ style: preferredStyle }));
  }, [filters.style, preferredStyle, patch]);

  return {
    filters: filters.style === null && preferredStyle ? { ...filters, style: preferredStyle } : filters,
    set: (changes) => patch(designerFiltersPatch(changes)),
    ready: !waiting,
  };
}
