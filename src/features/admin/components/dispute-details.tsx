import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import type { Dispute, SignedMilestonePhoto } from '@/features/admin/api/get-dispute';
import { DecideDisputeForm } from '@/features/admin/components/decide-dispute-form';
import { formatDateTime } from '@/features/admin/utils/format';
import {
  disputeStateLabel,
  paymentKindLabels,
  paymentReasonLabels,
  paymentStatusLabels,
} from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';
import { MILESTONE_STATUS_LABELS } from '@/lib/milestone-status';

const section = 'space-y-3 rounded-lg border bg-card p-4 sm:p-6';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={section}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Photos({ photos, label }: { photos: SignedMilestonePhoto[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={`${label}: photos`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.path}>
          {photo.url ? (
            <a href={photo.url} target="_blank" rel="noreferrer" className="block">
              <Photo src={photo.url} alt={`${label}, photo ${index + 1}`} />
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">Photo {index + 1} could not be loaded.</p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const name = (person: Dispute['customer']) => person?.name ?? 'A deleted account';

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
          {milestone.submission_note ? (
            <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{milestone.submission_note}</blockquote>
          ) : null}
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
          <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{milestone.changes_note}</blockquote>
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
          {dispute.customer?.id ? (
            <Link to={paths.adminSubject.getHref('person', dispute.customer.id)} className={link}>
              {name(dispute.customer)}
            </Link>
          ) : (
            name(dispute.customer)
          )}
        </Fact>
        <Fact term="Designer">
          {dispute.designer?.id ? (
            <Link to={paths.adminSubject.getHref('person', dispute.designer.id)} className={link}>
              {name(dispute.designer)}
            </Link>
          ) : (
            name(dispute.designer)
          )}
        </Fact>
      </dl>
    </Section>
  );
}

/** Each party's statement, or that it has not come (yet). */
function Statements({ dispute }: { dispute: Dispute }) {
  const open = dispute.dispute.status === 'open';
  return (
    <Section id="dispute-statements" title="Statements">
      <p className="text-sm text-muted-foreground">
        {open ? 'Due' : 'Were due'} {formatDateTime(dispute.dispute.statements_due_at)}
      </p>
      <ul className="divide-y" aria-label="Statements">
        {(['customer', 'designer'] as const).map((role) => {
          const statement = dispute.statements.find((s) => s.role === role);
          const who = `${role === 'customer' ? 'Customer' : 'Designer'} ${name(dispute[role])}`;
          return (
            <li key={role} className="space-y-2 py-3 first:pt-0 last:pb-0">
              <h3 className="font-semibold">{who}</h3>
              {statement ? (
                <>
                  <p className="text-sm text-muted-foreground">Written {formatDateTime(statement.created_at)}</p>
                  <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{statement.body}</blockquote>
                  <Photos photos={statement.photos} label={`${who}'s statement`} />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">No statement{open ? ' yet' : ''}.</p>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** The milestone's money so far: its payment, refunds and releases, each with its state. */
function Payments({ dispute }: { dispute: Dispute }) {
  return (
    <Section id="dispute-payments" title="Payments">
      {dispute.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <ul className="divide-y text-sm" aria-label="Payments">
          {dispute.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <span className="font-medium">
                  {paymentKindLabels[payment.kind]} {formatMoney(payment.amount)}
                </span>
                , {paymentReasonLabels[payment.reason] ?? payment.reason}
              </span>
              <span className="text-muted-foreground">
                {paymentStatusLabels[payment.status] ?? payment.status} ·{' '}
                {formatDateTime(payment.completed_at ?? payment.created_at)}
                {payment.status === 'pending' && payment.note ? ` · ${payment.note}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
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
        <p className="font-medium">
          Refunded {formatMoney(row.refund_amount)} to {name(dispute.customer)} and released{' '}
          {formatMoney(row.release_amount)} to {name(dispute.designer)}.
        </p>
        {row.decision_reason ? (
          <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{row.decision_reason}</blockquote>
        ) : null}
        {row.decided_at ? (
          <p className="text-sm text-muted-foreground">Decided {formatDateTime(row.decided_at)}</p>
        ) : null}
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
      <section aria-labelledby="dispute-opened" className={section}>
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
        {row.reason ? <blockquote className="border-l-4 pl-3 whitespace-pre-wrap">{row.reason}</blockquote> : null}
      </section>
      <Decision dispute={dispute} />
      <Milestone dispute={dispute} />
      <Parties dispute={dispute} />
      {chargeback ? null : <Statements dispute={dispute} />}
      <Payments dispute={dispute} />
    </div>
  );
}
