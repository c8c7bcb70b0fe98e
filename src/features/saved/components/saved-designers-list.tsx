import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useSavedDesigners, type SavedDesigner } from '@/features/saved/api/get-saved-designers';
import { useToggleSaved } from '@/features/saved/api/toggle-saved';

type Props = {
  userId: string;
  designerHref: (designerId: string) => string;
  /** Where to find designers (the empty state's link). */
  browseHref: string;
};

function nameOf(saved: SavedDesigner): string {
  return saved.designer?.full_name?.trim() || saved.designer?.username?.trim() || 'Designer';
}

function SavedDesignerRow({
  saved,
  userId,
  designerHref,
}: {
  saved: SavedDesigner;
  userId: string;
  designerHref: Props['designerHref'];
}) {
  const name = nameOf(saved);
  const remove = useToggleSaved('designer', userId, saved.designer_id, {
    onSuccess: () => toast.success(`Removed ${name} from Saved`),
    onError: () => toast.error(`Could not remove ${name}`),
  });
  return (
    <li className="flex items-center gap-4 rounded-lg border bg-card p-3" data-testid="saved-designer">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-lg font-semibold"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        {saved.designer ? (
          <Link to={designerHref(saved.designer_id)} className="font-medium break-words hover:underline">
            {name}
          </Link>
        ) : (
          <p className="text-muted-foreground">This designer is no longer listed</p>
        )}
        {saved.designer?.location ? <p className="text-sm text-muted-foreground">{saved.designer.location}</p> : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() => remove.mutate(false)}
        aria-label={`Remove ${name} from Saved`}
      >
        Remove
      </Button>
    </li>
  );
}

/** The Saved page's designers, last saved first, paged; each one links to their profile and can be removed. */
export function SavedDesignersList({ userId, designerHref, browseHref }: Props) {
  const saved = useSavedDesigners(userId);
  return (
    <QueryState query={saved} loading="Loading saved designers…" failed="Failed to load saved designers">
      {(data) => {
        const rows = data.pages.flat();
        if (rows.length === 0)
          return (
            <div className="space-y-2 py-4">
              <p className="text-muted-foreground">
                No saved designers yet. Tap the heart on a designer to keep them here.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to={browseHref}>Browse Designers</Link>
              </Button>
            </div>
          );
        return (
          <>
            <ul className="space-y-3" aria-label="Saved designers">
              {rows.map((row) => (
                <SavedDesignerRow key={row.designer_id} saved={row} userId={userId} designerHref={designerHref} />
              ))}
            </ul>
            <LoadMore
              className="mt-4"
              hasNextPage={saved.hasNextPage}
              isFetchingNextPage={saved.isFetchingNextPage}
              onLoadMore={() => void saved.fetchNextPage()}
            />
          </>
        );
      }}
    </QueryState>
  );
}
