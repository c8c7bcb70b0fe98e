import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PagedList } from '@/components/paged-list';
import { useDesignerNudges, type DesignerNudge } from '@/features/bids/api/get-designer-nudges';
import { useRespondToNudge } from '@/features/bids/api/respond-to-nudge';
import { NudgeStatusBadge } from '@/features/bids/components/nudge-status-badge';
import { QuoteDialog } from '@/features/bids/components/quote-dialog';
import { useNudgesRealtime } from '@/features/bids/hooks/use-nudges-realtime';
import { formatDate, formatMoney } from '@/lib/format';

type Props = { designerId: string; projectHref: (projectId: string) => string };

/** The designer's nudge inbox, live (realtime) and paged. */
export function NudgeInbox({ designerId, projectHref }: Props) {
  const nudges = useDesignerNudges(designerId);
  useNudgesRealtime(designerId);
  const [quoting, setQuoting] = useState<DesignerNudge | null>(null);
  const respond = useRespondToNudge(designerId, {
    onSuccess: (_data, response) => {
      if (response.status === 'accepted') {
        toast.success('Nudge accepted! Client will be notified with your quote.');
        setQuoting(null);
      } else {
        toast.success('Nudge declined');
      }
    },
    onError: (_error, response) =>
      toast.error(response.status === 'accepted' ? 'Failed to accept nudge' : 'Failed to decline nudge'),
  });

  return (
    <PagedList
      query={nudges}
      loading="Loading nudges…"
      failed="Failed to load nudges"
      empty={
        <Card className="items-center py-12 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-muted-foreground">
            No nudges yet. Clients who like your work can nudge you from Browse Designers.
          </p>
        </Card>
      }
      label="Nudges"
      className="grid gap-4 md:grid-cols-2"
      frame={(list) => (
        <>
          {list}
          <QuoteDialog
            key={quoting?.id ?? 'none'}
            open={quoting !== null}
            projectTitle={quoting?.project?.title ?? 'this project'}
            pending={respond.isPending}
            onOpenChange={(open) => {
              if (!open) setQuoting(null);
            }}
            onAccept={(quote) => {
              if (quoting) respond.mutate({ nudgeId: quoting.id, status: 'accepted', ...quote });
            }}
          />
        </>
      )}
    >
      {(nudge) => (
        <li key={nudge.id}>
          <NudgeCard
            nudge={nudge}
            projectHref={projectHref(nudge.project_id)}
            busy={respond.isPending && respond.variables.nudgeId === nudge.id}
            onAccept={() => setQuoting(nudge)}
            onDecline={() => respond.mutate({ nudgeId: nudge.id, status: 'declined' })}
          />
        </li>
      )}
    </PagedList>
  );
}

type CardProps = {
  nudge: DesignerNudge;
  projectHref: string;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
};

function NudgeCard({ nudge, projectHref, busy, onAccept, onDecline }: CardProps) {
  const project = nudge.project;
  const title = project?.title ?? 'Project no longer available';
  return (
    <Card className="h-full gap-4" data-testid="nudge-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <NudgeStatusBadge status={nudge.status} />
        </div>
        <p className="text-sm text-muted-foreground">Nudged {formatDate(nudge.created_at)}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        {project ? (
          <>
            <p>{project.description}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Location</dt>
              <dd>{project.place?.label ?? 'Not given'}</dd>
              <dt className="text-muted-foreground">Space</dt>
              <dd>{project.space_size} sq ft</dd>
              <dt className="text-muted-foreground">Budget</dt>
              <dd>
                {formatMoney(project.budget)} ({project.budget_type === 'hard' ? 'Hard Cap' : 'Flexible'})
              </dd>
              {project.preferred_style ? (
                <>
                  <dt className="text-muted-foreground">Style</dt>
                  <dd>{project.preferred_style}</dd>
                </>
              ) : null}
            </dl>
          </>
        ) : (
          <p className="text-muted-foreground">The project was assigned to another designer or removed.</p>
        )}
        {nudge.status === 'accepted' && nudge.quote_amount !== null ? (
          <div className="rounded-md border border-green-300 bg-green-50 p-3">
            <p className="font-medium">Your quote: {formatMoney(nudge.quote_amount)}</p>
            {nudge.quote_message ? <p className="mt-1 text-muted-foreground">{nudge.quote_message}</p> : null}
          </div>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {nudge.status === 'pending' ? (
          <>
            <Button onClick={onAccept} disabled={busy}>
              Accept & Send Quote
            </Button>
            <Button variant="outline" onClick={onDecline} disabled={busy}>
              Decline
            </Button>
          </>
        ) : null}
        {project ? (
          <Button asChild variant="ghost">
            <Link to={projectHref}>View Project Details</Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
