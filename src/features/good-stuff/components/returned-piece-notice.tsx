import { formatDate } from '@/lib/format';

/**
 * On a piece its buyer refused at pickup (docs/orders.md): why it is delisted, and what lists it again. The database
 * refuses to set it available until an edit changes its title, description, price, condition, dimensions or photos,
 * and that edit clears the mark.
 */
export function ReturnedPieceNotice({ returnedAt }: { returnedAt: string | null }) {
  if (!returnedAt) return null;
  return (
    <div
      role="note"
      className="space-y-1 rounded-md border border-destructive/40 p-3 text-sm"
      data-testid="returned-piece"
    >
      <p className="font-medium">Its buyer refused this piece at pickup on {formatDate(returnedAt)}.</p>
      <p className="text-muted-foreground">
        It stays delisted until you edit it: correct the title, description, price, condition, dimensions or photos so
        they show it as it is, then list it again.
      </p>
    </div>
  );
}
