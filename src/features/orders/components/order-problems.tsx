import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAddOrderProblemStatement } from '@/features/orders/api/add-order-problem-statement';
import type { OrderDetail } from '@/features/orders/api/get-order';
import type { OrderProblem } from '@/features/orders/api/order';
import { OrderNoteDialog } from '@/features/orders/components/order-dialogs';
import { ORDER_PHOTOS_BUCKET, statementBodySchema } from '@/features/orders/utils/order-photos';
import { formatDate, formatMoney } from '@/lib/format';
import { refusalMessage } from '@/lib/refusal-message';
import { PrivatePhotoGrid } from '@/components/private-photo-grid';

type Props = { order: OrderDetail; viewer: 'buyer' | 'seller'; now: number };

/** A chargeback on the order's payment: nothing moves until the card's bank decides (docs/orders.md). */
function ChargebackNotice({ problem, viewer }: { problem: OrderProblem | null; viewer: 'buyer' | 'seller' }) {
  const outcome = problem?.outcome ?? null;
  return (
    <div className="space-y-1 rounded-md border border-destructive/40 p-3 text-sm" data-testid="order-chargeback">
      <p className="font-medium">The card’s bank is reviewing this payment (a chargeback).</p>
      <p className="text-muted-foreground">
        {outcome === null
          ? 'Nothing moves on this order until the bank decides.'
          : outcome === 'won'
            ? viewer === 'seller'
              ? 'The bank decided for you.'
              : 'The bank decided for the seller.'
            : 'The bank decided for the buyer: the payment went back to the card.'}
      </p>
    </div>
  );
}

/**
 * The order's problems (docs/orders.md): the buyer's report with photos, the seller's one statement until
 * statements are due, and Good Space's decision; a chargeback's notice and its outcome.
 */
export function OrderProblems({ order, viewer, now }: Props) {
  const [adding, setAdding] = useState<string | null>(null);
  const add = useAddOrderProblemStatement(order.id, {
    onSuccess: () => {
      setAdding(null);
      toast.success('Statement added. Good Space reads both sides before deciding.');
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to add your statement')),
  });
  const chargebacks = order.problems.filter((p) => p.kind === 'chargeback');
  const problems = order.problems.filter((p) => p.kind === 'problem');
  // Frozen with the chargeback's row not readable (yet): the notice still shows.
  const frozenOnly = order.frozen_at !== null && !chargebacks.some((p) => p.outcome === null);
  if (problems.length === 0 && chargebacks.length === 0 && !frozenOnly) return null;
  const authorOf = (role: string) =>
    role === viewer
      ? 'Your statement'
      : role === 'buyer'
        ? `${order.buyer_name}’s statement`
        : `${order.seller_name}’s statement`;

  return (
    <section aria-labelledby={`problems-${order.id}`} className="space-y-4 rounded-lg border p-4">
      <h2 id={`problems-${order.id}`} className="text-lg font-semibold">
        {problems.length > 0 ? 'Problem' : 'Chargeback'}
      </h2>
      {frozenOnly ? <ChargebackNotice problem={null} viewer={viewer} /> : null}
      {chargebacks.map((problem) => (
        <ChargebackNotice key={problem.id} problem={problem} viewer={viewer} />
      ))}
      {problems.map((problem) => {
        const open = problem.status === 'open';
        const sellerSpoke = problem.statements.some((s) => s.author_role === 'seller');
        const mayAdd = viewer === 'seller' && open && !sellerSpoke && now < Date.parse(problem.statements_due_at);
        return (
          <div key={problem.id} className="space-y-3 text-sm">
            <p className="font-medium">
              {viewer === 'buyer'
                ? `You reported a problem on ${formatDate(problem.created_at)}`
                : `${order.buyer_name} reported a problem on ${formatDate(problem.created_at)}`}
            </p>
            {open ? (
              <p className="text-muted-foreground">
                {viewer === 'seller'
                  ? `Add your statement, with photos, until ${formatDate(problem.statements_due_at)}. Good Space then decides how the payment is split.`
                  : `${order.seller_name} can add a statement until ${formatDate(problem.statements_due_at)}. Good Space then decides how the payment is split.`}
              </p>
            ) : null}
            <ul className="space-y-3">
              {problem.statements.map((statement) => (
                <li key={statement.id} className="space-y-2">
                  <p className="font-medium">{authorOf(statement.author_role)}</p>
                  <p className="break-words whitespace-pre-line">{statement.body}</p>
                  <PrivatePhotoGrid
                    bucket={ORDER_PHOTOS_BUCKET}
                    paths={statement.photos}
                    label={authorOf(statement.author_role)}
                  />
                </li>
              ))}
            </ul>
            {mayAdd ? (
              <Button variant="outline" onClick={() => setAdding(problem.id)}>
                Add your statement
              </Button>
            ) : null}
            {problem.status === 'decided' && problem.refund_amount !== null && problem.release_amount !== null ? (
              <div className="space-y-1 rounded-md bg-muted p-3" data-testid="order-decision">
                <p className="font-medium">Good Space decided</p>
                <p>
                  {formatMoney(problem.refund_amount)} refunded to {order.buyer_name},{' '}
                  {formatMoney(problem.release_amount)} paid to {order.seller_name}.
                </p>
                {problem.decision_reason ? (
                  <p className="break-words whitespace-pre-line">{problem.decision_reason}</p>
                ) : null}
              </div>
            ) : null}
          </div>
        );
      })}
      {adding ? (
        <OrderNoteDialog
          open
          onOpenChange={(open) => setAdding(open ? adding : null)}
          pending={add.isPending}
          title="Add your statement"
          description={`Say what happened at the handover. ${order.buyer_name} and Good Space read it; you can add one statement.`}
          label="Your statement"
          textSchema={statementBodySchema}
          submitLabel="Add statement"
          pendingLabel="Adding…"
          onSubmit={({ text, photos }) => add.mutate({ problemId: adding, body: text, photos })}
        />
      ) : null}
    </section>
  );
}
