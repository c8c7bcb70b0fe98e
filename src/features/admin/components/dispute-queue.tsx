import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useDisputeQueue } from '@/features/admin/api/get-dispute-queue';
import { DisputeCard } from '@/features/admin/components/dispute-card';

/**
 * The design fees' disputes (docs/trust-and-safety.md, Disputes): open disputes and chargebacks of milestones, the
 * one waiting longest first, then the settled ones; 20 a page. A dispute is decided on its page; a chargeback only
 * shows what the bank decided.
 */
export function DisputeQueue() {
  const query = useDisputeQueue();
  return (
    <PagedList
      query={query}
      loading="Loading disputes…"
      failed="Failed to load the disputes"
      label="Disputes"
      className="grid gap-3 md:grid-cols-2"
      empty={<p className="text-muted-foreground">No disputes. No milestone&apos;s money is waiting for a decision.</p>}
    >
      {(row) => (
        <DisputeCard
          key={row.id}
          row={row}
          href={paths.adminDispute.getHref(row.id)}
          title={`${row.project_title ?? 'A project'}: ${row.milestone_title}`}
          parties={`Customer ${row.customer_name ?? 'A deleted account'} · Designer ${row.designer_name ?? 'A deleted account'}`}
          openedBy={`Opened by ${row.opened_by_name ?? 'A deleted account'}`}
        />
      )}
    </PagedList>
  );
}
