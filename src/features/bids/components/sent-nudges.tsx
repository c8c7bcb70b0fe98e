import { PagedList } from '@/components/paged-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSentNudges } from '@/features/bids/api/get-sent-nudges';
import { NudgeStatusBadge } from '@/features/bids/components/nudge-status-badge';
import { formatDate, formatMoney } from '@/lib/format';

/** The client's side of nudges: whom they nudged, for which project, and the quote once accepted. */
export function SentNudges({ clientId }: { clientId: string }) {
  const nudges = useSentNudges(clientId);
  return (
    <PagedList
      query={nudges}
      quiet
      loading="Loading your nudges…"
      failed="Failed to load your nudges"
      empty={null}
      className="grid gap-3 md:grid-cols-2"
      more={{ label: 'Show more nudges', busyLabel: 'Show more nudges', className: 'mt-4' }}
      frame={(list) => (
        <section aria-labelledby="sent-nudges-heading" className="mt-12">
          <h2 id="sent-nudges-heading" className="mb-4 text-xl font-semibold">
            Your nudges
          </h2>
          {list}
        </section>
      )}
    >
      {(nudge) => (
        <li key={nudge.id}>
          <Card className="gap-2 py-4" data-testid="sent-nudge">
            <CardHeader className="gap-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle className="text-base">{nudge.designer?.full_name ?? 'Designer'}</CardTitle>
                <NudgeStatusBadge status={nudge.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {nudge.project?.title ?? 'Project'} · {formatDate(nudge.created_at)}
              </p>
            </CardHeader>
            {nudge.status === 'accepted' && nudge.quote_amount !== null ? (
              <CardContent className="text-sm">
                <p className="font-medium">Quote: {formatMoney(nudge.quote_amount)}</p>
                {nudge.quote_message ? <p className="text-muted-foreground">{nudge.quote_message}</p> : null}
              </CardContent>
            ) : null}
          </Card>
        </li>
      )}
    </PagedList>
  );
}
