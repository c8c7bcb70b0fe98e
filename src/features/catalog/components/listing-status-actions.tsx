import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { STATUS_CHANGED, useSetCatalogItemStatus } from '@/features/catalog/api/set-catalog-item-status';

/**
 * The seller's buttons for one of their pieces: Edit; Mark sold and Delist while it is listed; Relist once sold or
 * delisted. A refusal says the database's message.
 */
export function ListingStatusActions({ item }: { item: { id: string; title: string; status: string } }) {
  const change = useSetCatalogItemStatus({
    onSuccess: (_data, { status }) => toast.success(STATUS_CHANGED[status]),
    onError: (error) => toast.error(error.message || 'Failed to change listing'),
  });
  const busy = change.isPending;
  const set = (status: 'available' | 'sold' | 'delisted') => change.mutate({ itemId: item.id, status });
  const named = (action: string) => `${action} ${item.title}`;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Manage ${item.title}`}>
      <Button asChild size="sm" variant="outline">
        <Link to={paths.editListing.getHref(item.id)} aria-label={named('Edit')}>
          Edit
        </Link>
      </Button>
      {item.status === 'available' ? (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={named('Mark sold:')}
            onClick={() => set('sold')}
          >
            Mark sold
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={named('Delist')}
            onClick={() => set('delisted')}
          >
            Delist
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={named('Relist')}
          onClick={() => set('available')}
        >
          Relist
        </Button>
      )}
    </div>
  );
}
