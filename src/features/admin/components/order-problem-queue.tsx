import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useOrderProblemQueue } from '@/features/admin/api/get-order-problem-queue';
import { DisputeCard } from '@/features/admin/components/dispute-card';

/**
 * Good Stuff orders' problems and chargebacks (docs/orders.md, Problems and Chargebacks): open ones first, the one
 * waiting longest first, then the settled ones; 20 a page. A problem is decided on its page; a chargeback only shows
 * what the bank decided.
 */
export function OrderProblemQueue() {
  const query = useOrderProblemQueue();
  return (
    <PagedList
      query={query}
      loading="Loading the orders' problems…"
      failed="Failed to load the orders' problems"
      label="Order problems"
      className="grid gap-3 md:grid-cols-2"
      empty={<p className="text-muted-foreground">No problems. No order&apos;s money is waiting for a decision.</p>}
    >
      {(row) => (
        <DisputeCard
          key={row.id}
          row={row}
          href={paths.adminOrderProblem.getHref(row.id)}
          title={row.item_title}
          parties={`Buyer ${row.buyer_name ?? 'A deleted account'} · Seller ${row.seller_name ?? 'A deleted account'}`}
          openedBy={`Reported by ${row.buyer_name ?? 'A deleted account'}`}
        />
      )}
    </PagedList>
  );
}
