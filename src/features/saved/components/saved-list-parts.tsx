import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { useToggleSaved } from '@/features/saved/api/toggle-saved';

/** A saved row's Remove: unsaves it and says so, or says it could not. */
export function RemoveSavedButton({
  kind,
  userId,
  id,
  name,
}: {
  kind: 'item' | 'designer';
  userId: string;
  id: string;
  name: string;
}) {
  const remove = useToggleSaved(kind, userId, id, {
    onSuccess: () => toast.success(`Removed ${name} from Saved`),
    onError: () => toast.error(`Could not remove ${name}`),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={remove.isPending}
      onClick={() => remove.mutate(false)}
      aria-label={`Remove ${name} from Saved`}
    >
      Remove
    </Button>
  );
}

/** One of the Saved page's lists: last saved first, paged, with an empty state that says where to find more. */
export function SavedList<Row>({
  query,
  label,
  loading,
  failed,
  empty,
  browse,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Row[], unknown>, Error>;
  label: string;
  loading: string;
  failed: string;
  empty: string;
  browse: { label: string; href: string };
  children: (row: Row) => ReactNode;
}) {
  return (
    <PagedList
      query={query}
      loading={loading}
      failed={failed}
      empty={
        <div className="space-y-2 py-4">
          <p className="text-muted-foreground">{empty}</p>
          <Button asChild variant="outline" size="sm">
            <Link to={browse.href}>{browse.label}</Link>
          </Button>
        </div>
      }
      label={label}
      className="space-y-3"
      more={{ className: 'mt-4' }}
    >
      {children}
    </PagedList>
  );
}
