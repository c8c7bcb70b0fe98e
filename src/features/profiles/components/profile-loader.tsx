import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';

/** A profile query's three states: a spinner, 'Failed to load profile' (SPEC §8: shown and toasted), or the form. */
export function ProfileLoader<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data'>;
  children: (data: T) => ReactNode;
}) {
  useErrorToast(query.isError, 'Failed to load profile');
  if (query.isPending) return <Spinner label="Loading profile…" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        Failed to load profile
      </p>
    );
  }
  return children(query.data as T);
}
