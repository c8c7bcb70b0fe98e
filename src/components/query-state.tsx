import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';

/**
 * A query's first load: a spinner labelled `loading`, or on failure `failed`, shown and toasted (SPEC §8 load
 * failures), or the content made from the data.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data'>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  useErrorToast(query.isError, failed);
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        {failed}
      </p>
    );
  }
  return children(query.data as T);
}
