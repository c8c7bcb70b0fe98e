import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { QueryState } from '@/components/query-state';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import type { ModerationSubject } from '@/features/admin/api/get-moderation-subject';
import { accountAge, formatDateTime } from '@/features/admin/utils/format';
import { usePersonDisputes } from '@/features/admin/api/get-person-disputes';
import {
  actionLabel,
  disputeStateLabel,
  reportStatusLabels,
  subjectLabels,
} from '@/features/admin/utils/labels';
import { formatDate, formatMoney } from '@/lib/format';
import { REPORT_REASON_LABELS } from '@/lib/report-reasons';

const section = 'space-y-3 rounded-lg border bg-card p-4 sm:p-6';

/** The reported thing as its audience saw it (a hidden message's words as they were written). */
function ReportedContent({ subject }: { subject: ModerationSubject }) {
  const { content } = subject;
  const message = subject.kind === 'project_message' || subject.kind === 'piece_message';
  return (
    <section aria-labelledby="reported-content" className={section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reported-content" className="text-lg font-semibold">
          What was reported
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{subjectLabels[subject.kind]}</Badge>
          {subject.hidden ? <Badge variant="destructive">Hidden</Badge> : null}
        </div>
      </div>
      {content.context ? <p className="text-sm text-muted-foreground">{content.context}</p> : null}
      {content.title && !message ? <h3 className="text-base font-semibold">{content.title}</h3> : null}
      {content.price != null ? <p className="font-medium">{formatMoney(content.price)}</p> : null}
      {content.text ? (
        message ? (
          <blockquote className="border-l-4 pl-3 whitespace-pre-wrap">{content.text}</blockquote>
        ) : (
          <p className="whitespace-pre-wrap">{content.text}</p>
        )
      ) : null}
      {content.photos.length > 0 ? (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {content.photos.map((url, index) => (
            <li key={url}>
              <Photo src={url} alt={`${content.title ?? subjectLabels[subject.kind]}, photo ${index + 1}`} />
            </li>
          ))}
        </ul>
      ) : null}
      {content.created_at ? (
        <p className="text-sm text-muted-foreground">Posted {formatDateTime(content.created_at)}</p>
      ) : null}
      {subject.link ? (
        <p>
          <Link to={subject.link} className="text-sm font-medium underline underline-offset-4">
            Open it in Good Space
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** Every report on the thing, open ones first: who, why, their words. */
function Reports({ subject }: { subject: ModerationSubject }) {
  return (
    <section aria-labelledby="reports" className={section}>
      <h2 id="reports" className="text-lg font-semibold">
        Reports
      </h2>
      {subject.reports.length === 0 ? (
        <p className="text-muted-foreground">No reports on this.</p>
      ) : (
        <ul className="divide-y" aria-label="Reports">
          {subject.reports.map((report) => (
            <li key={report.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{report.reporter_name ?? 'A deleted account'}</span>
                <Badge variant="secondary">{REPORT_REASON_LABELS[report.reason]}</Badge>
                <span className="text-sm text-muted-foreground">
                  {reportStatusLabels[report.status] ?? report.status} · {formatDateTime(report.created_at)}
                </span>
              </div>
              {report.details ? (
                <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{report.details}</blockquote>
              ) : (
                <p className="text-sm text-muted-foreground">No details given.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The disputes and chargebacks on the person's milestones, as customer or designer, each linked to its page. */
function PersonDisputes({ personId }: { personId: string }) {
  const disputes = usePersonDisputes(personId);
  return (
    <>
      <h3 className="pt-2 font-semibold">Disputes</h3>
      <QueryState
        query={disputes}
        loading="Loading their disputes…"
        failed="Failed to load their disputes"
        toast={false}
        size="sm"
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="Disputes">
              {rows.map((row) => (
                <li key={row.id}>
                  <Link to={paths.adminDispute.getHref(row.id)} className="underline underline-offset-4">
                    {row.kind === 'chargeback' ? 'Chargeback' : 'Dispute'} on {row.milestone_title}
                  </Link>
                  {` (as ${row.role}) · ${disputeStateLabel(row)} · ${formatDate(row.created_at)}`}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}

/** The person the thing belongs to: their account, suspension, orders and projects, earlier reports and actions. */
function PersonHistory({ subject }: { subject: ModerationSubject }) {
  const { person, history } = subject;
  if (!person) return null;
  const created = history.account_created_at ?? person.created_at;
  return (
    <section aria-labelledby="person-history" className={section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="person-history" className="text-lg font-semibold">
          {person.name}
        </h2>
        {person.suspended_at ? (
          <Badge variant="destructive">Suspended since {formatDate(person.suspended_at)}</Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-muted-foreground">Role</dt>
          <dd>{person.role === 'designer' ? 'Designer' : person.role === 'customer' ? 'Customer' : 'None yet'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Account age</dt>
          <dd>{created ? `${accountAge(created)} (since ${formatDate(created)})` : 'Unknown'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Orders bought</dt>
          <dd>{history.orders_bought}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Orders sold</dt>
          <dd>{history.orders_sold}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Projects</dt>
          <dd>{history.projects}</dd>
        </div>
      </dl>
      {subject.kind !== 'person' ? (
        <p className="text-sm">
          <Link
            to={paths.adminSubject.getHref('person', person.id)}
            className="font-medium underline underline-offset-4"
          >
            Their profile in the console
          </Link>
        </p>
      ) : null}
      <h3 className="pt-2 font-semibold">Earlier reports against them</h3>
      {history.reports.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Earlier reports against them">
          {history.reports.map((report) => (
            <li key={report.id}>
              <Link
                to={paths.adminSubject.getHref(report.subject_kind, report.subject_id)}
                className="underline underline-offset-4"
              >
                {subjectLabels[report.subject_kind]}
              </Link>
              {`: ${REPORT_REASON_LABELS[report.reason]}, ${(reportStatusLabels[report.status] ?? report.status).toLowerCase()}, ${formatDate(report.created_at)}`}
            </li>
          ))}
        </ul>
      )}
      <PersonDisputes personId={person.id} />
      <h3 className="pt-2 font-semibold">Earlier actions</h3>
      {history.actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Earlier actions">
          {history.actions.map((action) => (
            <li key={action.id}>
              <span className="font-medium">
                {actionLabel(action.action)}
                {action.subject_kind ? ` (${subjectLabels[action.subject_kind].toLowerCase()})` : ''}
              </span>
              {` by ${action.operator_name}, ${formatDate(action.created_at)}: `}
              <span className="whitespace-pre-wrap">{action.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One reported thing for an operator: the content, the reports and the person's history. */
export function SubjectDetails({ subject }: { subject: ModerationSubject }) {
  return (
    <div className="grid gap-6">
      <ReportedContent subject={subject} />
      <Reports subject={subject} />
      <PersonHistory subject={subject} />
    </div>
  );
}
