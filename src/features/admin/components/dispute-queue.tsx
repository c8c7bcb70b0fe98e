import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useDisputeQueue, type DisputeQueueRow } from '@/features/admin/api/get-dispute-queue';
import { formatDateTime } from '@/features/admin/utils/format';
import { disputeStateLabel } from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';

function statementsLine(row: DisputeQueueRow): string {
  const count = row.statements === 1 ? '1 statement' : `${row.statements} statements`;
  if (row.status !== 'open') return count;
  return `${count} of 2 · due ${formatDateTime(row.statements_due_at)}`;
}

function DisputeItem({ row }: { row: DisputeQueueRow }) {
  const headingId = `dispute-${row.id}`;
  const chargeback = row.kind === 'chargeback';
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={chargeback ? 'destructive' : 'outline'}>{chargeback ? 'Chargeback' : 'Dispute'}</Badge>
        <Badge variant="secondary">{disputeStateLabel(row)}</Badge>
      </div>
      <h2 id={headingId} className="text-base font-semibold">
        <Link to={paths.adminDispute.getHref(row.id)} className="underline-offset-4 hover:underline">
          {row.project_title ?? 'A project'}: {row.milestone_title}
        </Link>
      </h2>
      <p className="text-sm text-muted-foreground">
        Customer {row.customer_name ?? 'A deleted account'} · Designer {row.designer_name ?? 'A deleted account'}
      </p>
      <p className="text-sm">
        {formatMoney(row.held)} held of {formatMoney(row.amount)}
      </p>
      {chargeback ? (
        <p className="text-sm text-muted-foreground">Opened by the card&apos;s bank</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Opened by {row.opened_by_name ?? 'A deleted account'}</p>
          <p className="text-sm text-muted-foreground">{statementsLine(row)}</p>
        </>
      )}
      {row.reason ? (
        <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{row.reason}</blockquote>
      ) : null}
      <p className="text-sm text-muted-foreground">Opened {formatDateTime(row.created_at)}</p>
    </li>
  );
}

/**
 * The disputes queue (docs/trust-and-safety.md, Disputes): open disputes and chargebacks, the one waiting longest
 * first, then the settled ones; 20 a page. A dispute is decided on its page; a chargeback only shows what the bank
 * decided.
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
      {(row) => <DisputeItem key={row.id} row={row} />}
    </PagedList>
  );
}
