import { Link } from 'react-router-dom';
import { NameInitial } from '@/components/name-initial';
import { useSavedDesigners, type SavedDesigner } from '@/features/saved/api/get-saved-designers';
import { RemoveSavedButton, SavedList } from '@/features/saved/components/saved-list-parts';

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
  return (
    <li className="flex items-center gap-4 rounded-lg border bg-card p-3" data-testid="saved-designer">
      <NameInitial name={name} className="size-12 bg-muted text-lg" />
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
      <RemoveSavedButton kind="designer" userId={userId} id={saved.designer_id} name={name} />
    </li>
  );
}

/** The Saved page's designers, last saved first, paged; each one links to their profile and can be removed. */
export function SavedDesignersList({ userId, designerHref, browseHref }: Props) {
  const saved = useSavedDesigners(userId);
  return (
    <SavedList
      query={saved}
      label="Saved designers"
      loading="Loading saved designers…"
      failed="Failed to load saved designers"
      empty="No saved designers yet. Tap the heart on a designer to keep them here."
      browse={{ label: 'Browse Designers', href: browseHref }}
    >
      {(row) => <SavedDesignerRow key={row.designer_id} saved={row} userId={userId} designerHref={designerHref} />}
    </SavedList>
  );
}
