import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import type { OrderProblem } from '@/features/admin/api/get-order-problem';
import { DecideOrderProblemForm } from '@/features/admin/components/decide-order-problem-form';
import {
  DecisionMade,
  Fact,
  PartyLink,
  PaymentList,
  Photos,
  Quote,
  Section,
  sectionClass,
  StatementList,
} from '@/features/admin/components/dispute-parts';
import { formatDateTime, formatTimeSpan, partyName } from '@/features/admin/utils/format';
import {
  disputeStateLabel,
  orderPaymentKindLabels,
  orderPaymentReasonLabels,
  orderRefundReasonLabels,
  orderStatusLabels,
  pickupWindowLabel,
} from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';

/** The order: the piece, its money, its state, the handover and a refusal at pickup with its photos. */
function Order({ detail }: { detail: OrderProblem }) {
  const { order } = detail;
  return (
    <Section id="order-problem-order" title="Order">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact term="Piece">
          {order.catalog_item_id ? (
            <Link
              to={paths.adminSubject.getHref('piece', order.catalog_item_id)}
              className="underline underline-offset-4"
            >
              {order.item_title}
            </Link>
          ) : (
            order.item_title
          )}
        </Fact>
        <Fact term="Amount">{formatMoney(order.amount)}</Fact>
        <Fact term="Held">{formatMoney(detail.held)}</Fact>
        <Fact term="State">{orderStatusLabels[order.status] ?? order.status}</Fact>
        <Fact term="Paid to the seller">{formatMoney(order.released_amount)}</Fact>
        <Fact term="Refunded">
          {formatMoney(order.refunded_amount)}
          {order.refund_reason ? `, ${orderRefundReasonLabels[order.refund_reason] ?? order.refund_reason}` : ''}
        </Fact>
        <Fact term="Paid">{order.paid_at ? formatDateTime(order.paid_at) : 'Not paid'}</Fact>
        <Fact term="Collected">{order.handed_over_at ? formatDateTime(order.handed_over_at) : 'Not handed over'}</Fact>
        {order.release_at ? <Fact term="Problems until">{formatDateTime(order.release_at)}</Fact> : null}
        <Fact term="Payout">
          {order.payout === 'held' ? 'Held by Good Space until the handover' : 'Paid to the seller at checkout'}
        </Fact>
      </dl>
      {order.frozen_at ? (
        <p className="text-sm font-medium text-destructive">
          Frozen by a chargeback since {formatDateTime(order.frozen_at)}: no money moves until the bank decides.
        </p>
      ) : null}
      {order.refused_at ? (
        <>
          <h3 className="font-semibold">Refused at pickup</h3>
          <p className="text-sm text-muted-foreground">Refused {formatDateTime(order.refused_at)}</p>
          {order.refusal_reason ? <Quote>{order.refusal_reason}</Quote> : null}
          <Photos photos={order.refusal_photos} label="Refusal" />
        </>
      ) : null}
    </Section>
  );
}

function Parties({ detail }: { detail: OrderProblem }) {
  return (
    <Section id="order-problem-parties" title="Parties">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Buyer">
          <PartyLink person={detail.buyer} />
        </Fact>
        <Fact term="Seller">
          <PartyLink person={detail.seller} />
        </Fact>
      </dl>
    </Section>
  );
}

/** Every pickup window offered, the earliest first, with what became of it (a no-show says who missed it). */
function Windows({ detail }: { detail: OrderProblem }) {
  return (
    <Section id="order-problem-windows" title="Pickup windows">
      {detail.windows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pickup time was offered.</p>
      ) : (
        <ul className="divide-y text-sm" aria-label="Pickup windows">
          {detail.windows.map((window) => (
            <li key={window.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="font-medium">{formatTimeSpan(window.starts_at, window.ends_at)}</span>
              <span className="text-muted-foreground">{pickupWindowLabel(window)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The decision once made, the form while the problem is open, or what the bank decides for a chargeback. */
function Decision({ detail }: { detail: OrderProblem }) {
  const { problem } = detail;
  if (problem.kind === 'chargeback') {
    return (
      <Section id="order-problem-decision" title="The bank's decision">
        <p className="text-sm">
          The buyer&apos;s bank decides a chargeback, not Good Space: the order&apos;s payment is frozen until then. If
          the bank decides for the buyer, what was held counts as refunded.
        </p>
        <p className="font-medium">{disputeStateLabel(problem)}</p>
      </Section>
    );
  }
  if (problem.status === 'decided' && problem.refund_amount !== null && problem.release_amount !== null) {
    return (
      <Section id="order-problem-decision" title="Decision">
        <DecisionMade
          sentence={`Refunded ${formatMoney(problem.refund_amount)} to ${partyName(detail.buyer)} and paid ${formatMoney(problem.release_amount)} to ${partyName(detail.seller)}.`}
          reason={problem.decision_reason}
          decidedAt={problem.decided_at}
        />
      </Section>
    );
  }
  if (problem.status !== 'open') {
    return (
      <Section id="order-problem-decision" title="Decision">
        <p className="text-sm">This problem is closed without a decision.</p>
      </Section>
    );
  }
  return (
    <Section id="order-problem-decision" title="Decision">
      {detail.order.frozen_at ? (
        <p className="text-sm">
          A chargeback froze this order&apos;s payment: it can be decided once the bank has decided.
        </p>
      ) : (
        <DecideOrderProblemForm
          problemId={problem.id}
          held={detail.held}
          buyerName={partyName(detail.buyer)}
          sellerName={partyName(detail.seller)}
        />
      )}
    </Section>
  );
}

/**
 * One problem or chargeback of a Good Stuff order in the console (docs/orders.md, Problems): why it was reported,
 * the decision, the order, the parties, their words, the pickup windows and the money.
 */
export function OrderProblemDetails({ detail }: { detail: OrderProblem }) {
  const { problem } = detail;
  const chargeback = problem.kind === 'chargeback';
  return (
    <div className="grid gap-4">
      <section aria-labelledby="order-problem-opened" className={sectionClass}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="order-problem-opened" className="text-lg font-semibold">
            {chargeback ? 'Chargeback' : 'Why it was reported'}
          </h2>
          <Badge variant={chargeback ? 'destructive' : 'secondary'}>{disputeStateLabel(problem)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Opened {formatDateTime(problem.created_at)}
          {chargeback ? " by the buyer's bank" : ` by the buyer, ${partyName(detail.buyer)}`}
        </p>
        {problem.reason ? <Quote>{problem.reason}</Quote> : null}
      </section>
      <Decision detail={detail} />
      <Order detail={detail} />
      <Parties detail={detail} />
      {chargeback ? null : (
        <Section id="order-problem-statements" title="Statements">
          <StatementList
            sides={[
              { role: 'buyer', title: `Buyer ${partyName(detail.buyer)}` },
              { role: 'seller', title: `Seller ${partyName(detail.seller)}` },
            ]}
            statements={detail.statements}
            open={problem.status === 'open'}
            dueAt={problem.statements_due_at}
          />
        </Section>
      )}
      <Windows detail={detail} />
      <Section id="order-problem-payments" title="Payments">
        <PaymentList
          payments={detail.payments}
          kindLabels={orderPaymentKindLabels}
          reasonLabels={orderPaymentReasonLabels}
        />
      </Section>
    </div>
  );
}
