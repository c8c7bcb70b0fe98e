import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useAuditLog, type AuditEntry } from '@/features/admin/api/get-audit-log';
import { formatDateTime } from '@/features/admin/utils/format';
import { actionLabel, subjectLabels } from '@/features/admin/utils/labels';

function AuditLine({ entry }: { entry: AuditEntry }) {
  const headingId = `audit-${entry.id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-2 py-4">
      <h2 id={headingId} className="font-semibold">
        {actionLabel(entry.action)}
        {entry.subject_kind ? ` · ${subjectLabels[entry.subject_kind]}` : ''}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">When</dt>
        <dd>
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
        </dd>
        <dt className="text-muted-foreground">Who</dt>
        <dd>{entry.operator_name}</dd>
        {entry.subject_kind && entry.subject_id ? (
          <>
            <dt className="text-muted-foreground">What</dt>
            <dd>
              <Link
                to={paths.adminSubject.getHref(entry.subject_kind, entry.subject_id)}
                className="underline underline-offset-4"
              >
                The {subjectLabels[entry.subject_kind].toLowerCase()}
              </Link>
            </dd>
          </>
        ) : null}
        {entry.target_user_id ? (
          <>
            <dt className="text-muted-foreground">Whom</dt>
            <dd>
              <Link
                to={paths.adminSubject.getHref('person', entry.target_user_id)}
                className="underline underline-offset-4"
              >
                The person and their history
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Why</dt>
        <dd className="whitespace-pre-wrap">{entry.reason}</dd>
      </dl>
    </li>
  );
}

/** Every operator action, newest first; read-only (the database lets nobody change or delete a line). */
export function AuditLog() {
  const query = useAuditLog();
  return (
    <PagedList
      query={query}
      loading="Loading the audit log…"
      failed="Failed to load the audit log"
      label="Audit log"
      className="divide-y"
      empty={<p className="text-muted-foreground">No actions yet.</p>}
    >
      {(entry) => <AuditLine key={entry.id} entry={entry} />}
    </PagedList>
  );
}
