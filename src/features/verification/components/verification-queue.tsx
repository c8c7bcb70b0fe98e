import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { MaybeVerifiedBadge } from '@/components/verified-badge';
import { paths } from '@/config/paths';
import { useRequestEvidence } from '@/features/verification/api/get-request-evidence';
import { type QueuedRequest, useVerificationQueue } from '@/features/verification/api/get-verification-queue';
import { KIND_LABEL, METHOD_LABEL, type VerificationKind } from '@/features/verification/api/verification-rules';
import { DecisionDialog } from '@/features/verification/components/decision-dialog';
import { formatDate } from '@/lib/format';

function nameOf(request: QueuedRequest): string {
  return request.designer?.full_name || request.designer?.username || 'Designer';
}

/** The evidence of one request: the confirmed school address, the documents (signed links), or the projects. */
function Evidence({ request }: { request: QueuedRequest }) {
  const evidence = useRequestEvidence(request);
  if (request.method === 'school_email') {
    return (
      <p>
        School e-mail <strong>{request.school_email}</strong>
        {request.email_confirmed_at ? `, confirmed ${formatDate(request.email_confirmed_at)} by its link.` : '.'}
      </p>
    );
  }
  return (
    <QueryState query={evidence} loading="Loading the evidence…" failed="Failed to load the evidence" size="sm">
      {({ documents, projects }) =>
        request.method === 'projects' ? (
          <ul className="list-disc space-y-1 pl-5" aria-label="Projects">
            {projects.map((p) => (
              <li key={p.id}>
                {p.title ? (
                  <Link className="underline" to={paths.portfolioOfDesigner.getHref(request.designer_id)}>
                    {p.title}
                  </Link>
                ) : (
                  <span className="text-destructive">A project no longer shown in the portfolio</span>
                )}
                {p.completed_at ? ` (completed ${formatDate(p.completed_at)})` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <ul className="list-disc space-y-1 pl-5" aria-label="Documents">
            {documents.map((d, index) => (
              <li key={d.path}>
                {d.url ? (
                  <a className="underline" href={d.url} target="_blank" rel="noreferrer noopener">
                    Document {index + 1} (opens in a new tab)
                  </a>
                ) : (
                  <span className="text-destructive">Document {index + 1} is no longer stored</span>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function RequestRow({ request, onDecide }: { request: QueuedRequest; onDecide: (approve: boolean) => void }) {
  const name = nameOf(request);
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="verification-request">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          <Link className="underline" to={paths.designer.getHref(request.designer_id)}>
            {name}
          </Link>
          <MaybeVerifiedBadge value={request.designer?.verified} />
        </h3>
        <span className="text-sm text-muted-foreground">Asked {formatDate(request.created_at)}</span>
      </div>
      <p className="text-sm">
        Asks for <strong>{KIND_LABEL[request.kind as VerificationKind] ?? request.kind}</strong> with{' '}
        {METHOD_LABEL[request.method as keyof typeof METHOD_LABEL]?.toLowerCase() ?? request.method}.
      </p>
      <div className="text-sm">
        <Evidence request={request} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onDecide(true)} aria-label={`Approve ${name}'s request`}>
          Approve
        </Button>
        <Button variant="outline" onClick={() => onDecide(false)} aria-label={`Refuse ${name}'s request`}>
          Refuse
        </Button>
      </div>
    </li>
  );
}

/** The operators' verification queue (docs/trust-and-safety.md): open requests, oldest first. */
export function VerificationQueue() {
  const queue = useVerificationQueue();
  const [deciding, setDeciding] = useState<{ request: QueuedRequest; approve: boolean } | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Open verification requests</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={queue} loading="Loading requests…" failed="Failed to load the requests">
          {(data) => {
            const rows = data.pages.flat();
            return rows.length === 0 ? (
              <p className="text-muted-foreground">No open requests.</p>
            ) : (
              <>
                <ul className="grid gap-4">
                  {rows.map((request) => (
                    <RequestRow
                      key={request.id}
                      request={request}
                      onDecide={(approve) => setDeciding({ request, approve })}
                    />
                  ))}
                </ul>
                <LoadMore
                  hasNextPage={queue.hasNextPage}
                  isFetchingNextPage={queue.isFetchingNextPage}
                  onLoadMore={() => void queue.fetchNextPage()}
                  className="mt-4"
                />
              </>
            );
          }}
        </QueryState>
        <DecisionDialog
          key={deciding?.request.id ?? 'none'}
          requestId={deciding?.request.id ?? ''}
          designerName={deciding ? nameOf(deciding.request) : ''}
          approve={deciding?.approve ?? null}
          onClose={() => setDeciding(null)}
        />
      </CardContent>
    </Card>
  );
}
