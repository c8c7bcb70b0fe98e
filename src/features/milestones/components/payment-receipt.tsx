import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { paymentKindLabel } from '@/features/milestones/utils/payment-kind';
import { formatDate, formatMoney } from '@/lib/format';

export type ReceiptPayment = {
  id: string;
  kind: string;
  amount: number;
  status: string;
  provider: string;
  provider_id: string | null;
  created_at: string;
  completed_at: string | null;
};

/**
 * A customer's receipt for one design-fee payment or refund (docs/milestones.md): what for, when, how much, how
 * and the provider's reference, with Print for their records.
 */
export function PaymentReceipt({
  payment,
  milestoneTitle,
  projectTitle,
}: {
  payment: ReceiptPayment;
  milestoneTitle: string;
  projectTitle: string;
}) {
  const label = paymentKindLabel(payment.kind);
  const day = formatDate(payment.completed_at ?? payment.created_at);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Receipt for ${label.toLowerCase()} of ${formatMoney(payment.amount)} on ${day}`}
        >
          Receipt
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Receipt</DialogTitle>
          <DialogDescription>
            Good Space, design fee {payment.kind === 'refund' ? 'refund' : 'payment'}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold">{formatMoney(payment.amount)}</dd>
          <dt className="text-muted-foreground">For</dt>
          <dd className="break-words">
            {projectTitle}: {milestoneTitle}
          </dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{day}</dd>
          <dt className="text-muted-foreground">Paid by</dt>
          <dd>{payment.provider === 'stripe' ? 'Card, through Stripe' : 'Sandbox (no money moved)'}</dd>
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="font-mono text-xs break-all">{payment.provider_id ?? payment.id}</dd>
        </dl>
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
