import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/features/admin/utils/format';
import { disputeStateLabel } from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';

export type DisputeCardRow = {
  id: string;
  kind: 'dispute' | 'problem' | 'chargeback';
  status: string;
  outcome: string | null;
  amount: number;
  held: number;
  reason: string | null;
  statements: number;
  statements_due_at: string;
  created_at: string;
};

type Props = {
  row: DisputeCardRow;
  /** The page that decides it (or shows the bank's decision). */
  href: string;
  title: string;
  /** "Customer Jordan Lee · Designer Ada Stone" */
  parties: string;
  /** "Opened by Jordan Lee"; a chargeback is opened by the card's bank. */
  openedBy: string;
};

function statementsLine(row: DisputeCardRow): string {
  const count = row.statements === 1 ? '1 statement' : `${row.statements} statements`;
  if (row.status !== 'open') return count;
  return `${count} of 2 · due ${formatDateTime(row.statements_due_at)}`;
}

const kindLabels: Record<DisputeCardRow['kind'], string> = {
  dispute: 'Dispute',
  problem: 'Problem',
  chargeback: 'Chargeback',
};

/**
 * One entry of the disputes queue, a milestone's dispute or an order's problem alike (docs/trust-and-safety.md,
 * Disputes; docs/orders.md, Problems): what, who, the money held, the statements, why; chargebacks with the bank's
 * outcome.
 */
export function DisputeCard({ row, href, title, parties, openedBy }: Props) {
  const headingId = `dispute-${row.id}`;
  const chargeback = row.kind === 'chargeback';
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={chargeback ? 'destructive' : 'outline'}>{kindLabels[row.kind]}</Badge>
        <Badge variant="secondary">{disputeStateLabel(row)}</Badge>
      </div>
      <h3 id={headingId} className="text-base font-semibold">
        <Link to={href} className="underline-offset-4 hover:underline">
          {title}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">{parties}</p>
      <p className="text-sm">
        {formatMoney(row.held)} held of {formatMoney(row.amount)}
      </p>
      {chargeback ? (
        <p className="text-sm text-muted-foreground">Opened by the card&apos;s bank</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{openedBy}</p>
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
