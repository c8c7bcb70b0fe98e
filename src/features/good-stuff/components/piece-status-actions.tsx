import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { STATUS_CHANGED, useSetPieceStatus } from '@/features/good-stuff/api/set-piece-status';

type Leaving = 'sold' | 'delisted';

const ASK: Record<Leaving, { title: (name: string) => string; action: string }> = {
  sold: { title: (name) => `Mark ${name} as sold?`, action: 'Mark sold' },
  delisted: { title: (name) => `Delist ${name}?`, action: 'Delist' },
};

/** What the seller reads, instead of their buttons, on a piece Good Space hid (docs/trust-and-safety.md). */
export const PIECE_REMOVED = 'Good Space removed this piece from Good Stuff.';

/**
 * The seller's buttons for one of their pieces: Edit; Mark sold and Delist while it is listed, each asked first (the
 * piece leaves the market and the database declines its open offers); Relist once sold or delisted. A refusal
 * says the database's message. A piece Good Space hid has none of them (it cannot be relisted): it says so instead.
 */
export function PieceStatusActions({
  item,
}: {
  item: { id: string; title: string; status: string; hidden_at?: string | null };
}) {
  const [asking, setAsking] = useState<Leaving | null>(null);
  const change = useSetPieceStatus({
    onSuccess: (_data, { status }) => {
      setAsking(null);
      toast.success(STATUS_CHANGED[status]);
    },
    onError: (error) => toast.error(error.message || 'Failed to change listing'),
  });
  const busy = change.isPending;
  const set = (status: 'available' | Leaving) => change.mutate({ itemId: item.id, status });
  const named = (action: string) => `${action} ${item.title}`;
  if (item.hidden_at)
    return (
      <p role="status" className="text-sm font-medium text-destructive">
        {PIECE_REMOVED}
      </p>
    );
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Manage ${item.title}`}>
      <Button asChild size="sm" variant="outline">
        <Link to={paths.editPiece.getHref(item.id)} aria-label={named('Edit')}>
          Edit
        </Link>
      </Button>
      {item.status === 'available' ? (
        <>
          <Button size="sm" variant="outline" aria-label={named('Mark sold:')} onClick={() => setAsking('sold')}>
            Mark sold
          </Button>
          <Button size="sm" variant="outline" aria-label={named('Delist')} onClick={() => setAsking('delisted')}>
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
      {asking ? (
        <FormDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          title={ASK[asking].title(item.title)}
          description="It leaves Good Stuff, and any open offers on it are declined. You can relist it later from My listings."
          onSubmit={(event) => {
            event.preventDefault();
            set(asking);
          }}
          submitLabel={ASK[asking].action}
          pendingLabel={ASK[asking].action}
          pending={busy}
        />
      ) : null}
    </div>
  );
}
