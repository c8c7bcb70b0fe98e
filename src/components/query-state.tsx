import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';
import { cn } from '@/lib/utils';

type QueryStateProps<T> = {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data'>;
  /** Said to screen readers while the first load runs. */
  loading: string;
  /** Shown in place of the content when the load failed. */
  failed: string;
  /**
   * Also toast `failed` (the load failures named in docs/product.md, Messages the user sees, are toasts too). Off
   * where a page toasts once for several sections, or where the failure is a detail shown in place only.
   */
  toast?: boolean;
  /** `sm` inside a card's smaller parts: a small spinner and small text. */
  size?: 'sm' | 'md';
  children: (data: T) => ReactNode;
};

/**
 * The one loading and error state of a page or section: a spinner labelled `loading` during the first load, on
 * failure `failed` in its place (and as a toast unless `toast` is false), otherwise the content made from the data.
 */
export function QueryState<T>({ query, loading, failed, toast = true, size = 'md', children }: QueryStateProps<T>) {
  useErrorToast(toast && query.isError, failed);
  if (query.isPending) return <Spinner size={size} label={loading} />;
  if (query.isError) {
    return (
      <p role="alert" className={cn('text-destructive', size === 'sm' && 'text-sm')}>
        {failed}
      </p>
    );
  }
  return children(query.data as T);
}
