import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import type { Dispute } from '@/features/admin/api/get-dispute';
import { DecideDisputeForm } from '@/features/admin/components/decide-dispute-form';
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
import { formatDateTime, partyName } from '@/features/admin/utils/format';
import { disputeStateLabel, paymentKindLabels, paymentReasonLabels } from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';
import { MILESTONE_STATUS_LABELS } from '@/lib/milestone-status';

const name = partyName;

/** The milestone: its amounts and state, and what the designer submitted (and the customer asked to change). */
function Milestone({ dispute }: { dispute: Dispute }) {
  const { milestone } = dispute;
  return (
    <Section id="dispute-milestone" title={`Milestone ${milestone.position}: ${milestone.title}`}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact term="Amount">{formatMoney(milestone.amount)}</Fact>
        <Fact term="State">{MILESTONE_STATUS_LABELS[milestone.status]}</Fact>
        <Fact term="Released">{formatMoney(milestone.released_amount)}</Fact>
        <Fact term="Refunded">{formatMoney(milestone.refunded_amount)}</Fact>
        <Fact term="Remaining">{formatMoney(dispute.remaining)}</Fact>
        <Fact term="Funded">{milestone.funded_at ? formatDateTime(milestone.funded_at) : 'Not funded'}</Fact>
      </dl>
      {milestone.frozen_at ? (
        <p className="text-sm font-medium text-destructive">
          Frozen by a chargeback since {formatDateTime(milestone.frozen_at)}: no money moves until the bank decides.
        </p>
      ) : null}
      <h3 className="font-semibold">Submission</h3>
      {milestone.submitted_at ? (
        <>
          <p className="text-sm text-muted-foreground">Submitted {formatDateTime(milestone.submitted_at)}</p>
          {milestone.submission_note ? <Quote>{milestone.submission_note}</Quote> : null}
          <Photos photos={milestone.submission_photos} label="Submission" />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">The designer has not submitted this milestone.</p>
      )}
      {milestone.changes_note ? (
        <>
          <h3 className="font-semibold">Changes the customer asked for</h3>
          {milestone.changes_requested_at ? (
            <p className="text-sm text-muted-foreground">Asked {formatDateTime(milestone.changes_requested_at)}</p>
          ) : null}
          <Quote>{milestone.changes_note}</Quote>
        </>
      ) : null}
    </Section>
  );
}

/** The project and both parties, each linked to their page in the console (their history). */
function Parties({ dispute }: { dispute: Dispute }) {
  const link = 'underline underline-offset-4';
  return (
    <Section id="dispute-parties" title="Project and parties">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Fact term="Project">
          <Link to={paths.adminSubject.getHref('project', dispute.project.id)} className={link}>
            {dispute.project.title ?? 'Untitled project'}
          </Link>
        </Fact>
        <Fact term="Customer">
          <PartyLink person={dispute.customer} />
        </Fact>
        <Fact term="Designer">
          <PartyLink person={dispute.designer} />
        </Fact>
      </dl>
    </Section>
  );
}

/** Each party's statement, or that it has not come (yet). */
function Statements({ dispute }: { dispute: Dispute }) {
  return (
    <Section id="dispute-statements" title="Statements">
      <StatementList
        sides={[
          { role: 'customer', title: `Customer ${name(dispute.customer)}` },
          { role: 'designer', title: `Designer ${name(dispute.designer)}` },
        ]}
        statements={dispute.statements}
        open={dispute.dispute.status === 'open'}
        dueAt={dispute.dispute.statements_due_at}
      />
    </Section>
  );
}

/** The milestone's money so far: its payment, refunds and releases, each with its state. */
function Payments({ dispute }: { dispute: Dispute }) {
  return (
    <Section id="dispute-payments" title="Payments">
      <PaymentList payments={dispute.payments} kindLabels={paymentKindLabels} reasonLabels={paymentReasonLabels} />
    </Section>
  );
}

/** The decision once made, the form while the dispute is open, or what the bank decides for a chargeback. */
function Decision({ dispute }: { dispute: Dispute }) {
  const { dispute: row } = dispute;
  if (row.kind === 'chargeback') {
    return (
      <Section id="dispute-decision" title="The bank's decision">
        <p className="text-sm">
          The customer&apos;s bank decides a chargeback, not Good Space: the milestone is frozen until then. If the bank
          decides for the customer, what was held counts as refunded.
        </p>
        <p className="font-medium">{disputeStateLabel(row)}</p>
      </Section>
    );
  }
  if (row.status === 'decided' && row.refund_amount !== null && row.release_amount !== null) {
    return (
      <Section id="dispute-decision" title="Decision">
        <DecisionMade
          sentence={`Refunded ${formatMoney(row.refund_amount)} to ${name(dispute.customer)} and released ${formatMoney(row.release_amount)} to ${name(dispute.designer)}.`}
          reason={row.decision_reason}
          decidedAt={row.decided_at}
        />
      </Section>
    );
  }
  if (row.status !== 'open') {
    return (
      <Section id="dispute-decision" title="Decision">
        <p className="text-sm">This dispute is closed without a decision.</p>
      </Section>
    );
  }
  return (
    <Section id="dispute-decision" title="Decision">
      {dispute.milestone.frozen_at ? (
        <p className="text-sm">A chargeback froze this milestone: it can be decided once the bank has decided.</p>
      ) : (
        <DecideDisputeForm
          disputeId={row.id}
          remaining={dispute.remaining}
          customerName={name(dispute.customer)}
          designerName={name(dispute.designer)}
        />
      )}
    </Section>
  );
}

/** One dispute or chargeback in the console: why it was opened, the milestone, the parties, their words, the money. */
export function DisputeDetails({ dispute }: { dispute: Dispute }) {
  const { dispute: row } = dispute;
  const chargeback = row.kind === 'chargeback';
  return (
    <div className="grid gap-4">
      <section aria-labelledby="dispute-opened" className={sectionClass}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="dispute-opened" className="text-lg font-semibold">
            {chargeback ? 'Chargeback' : 'Why it was opened'}
          </h2>
          <Badge variant={chargeback ? 'destructive' : 'secondary'}>{disputeStateLabel(row)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Opened {formatDateTime(row.created_at)}
          {chargeback
            ? " by the customer's bank"
            : row.opened_by === dispute.customer?.id
              ? ` by the customer, ${name(dispute.customer)}`
              : row.opened_by === dispute.designer?.id
                ? ` by the designer, ${name(dispute.designer)}`
                : ''}
        </p>
        {row.reason ? <Quote>{row.reason}</Quote> : null}
      </section>
      <Decision dispute={dispute} />
      <Milestone dispute={dispute} />
      <Parties dispute={dispute} />
      {chargeback ? null : <Statements dispute={dispute} />}
      <Payments dispute={dispute} />
    </div>
  );
}
