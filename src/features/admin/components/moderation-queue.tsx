import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useModerationQueue, type QueueRow } from '@/features/admin/api/get-moderation-queue';
import { formatDateTime, people } from '@/features/admin/utils/format';
import { subjectLabels } from '@/features/admin/utils/labels';
import { REPORT_REASON_LABELS } from '@/lib/report-reasons';

function QueueItem({ row }: { row: QueueRow }) {
  const headingId = `queue-${row.subject_kind}-${row.subject_id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{subjectLabels[row.subject_kind]}</Badge>
        {row.hidden ? <Badge variant="destructive">Hidden until reviewed</Badge> : null}
      </div>
      <h2 id={headingId} className="text-base font-semibold">
        <Link
          to={paths.adminSubject.getHref(row.subject_kind, row.subject_id)}
          className="underline-offset-4 hover:underline"
        >
          {row.subject_label ?? subjectLabels[row.subject_kind]}
        </Link>
      </h2>
      <p className="text-sm text-muted-foreground">
        {row.subject_user_name
          ? `${row.subject_kind === 'person' ? 'Account of' : 'By'} ${row.subject_user_name} · `
          : ''}
        Reported by {people(row.reporter_count)}
      </p>
      <ul aria-label="Reasons" className="flex flex-wrap gap-1">
        {row.reasons.map((reason) => (
          <li key={reason}>
            <Badge variant="secondary">{REPORT_REASON_LABELS[reason]}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">First reported {formatDateTime(row.first_reported_at)}</p>
    </li>
  );
}

/**
 * The queue (docs/trust-and-safety.md): every reported thing with open reports, one row each, the one waiting longest
 * first; paged by the first report's time.
 */
export function ModerationQueue() {
  const query = useModerationQueue();
  return (
    <PagedList
      query={query}
      loading="Loading reports…"
      failed="Failed to load the reports"
      label="Open reports"
      className="grid gap-3 md:grid-cols-2"
      empty={<p className="text-muted-foreground">No open reports. Everything reported has been looked at.</p>}
    >
      {(row) => <QueueItem key={`${row.subject_kind}:${row.subject_id}`} row={row} />}
    </PagedList>
  );
}
