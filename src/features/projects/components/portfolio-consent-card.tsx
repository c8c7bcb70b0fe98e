import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePortfolioConsent } from '@/features/projects/api/get-portfolio-consent';
import { useUpdatePortfolioConsent, type PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';
import { PortfolioConsentFields } from '@/features/projects/components/portfolio-consent-fields';

/** On a completed project, its customer changes the portfolio choices made at completion (docs/decisions/0017). */
export function PortfolioConsentCard({ projectId, designerId }: { projectId: string; designerId: string | null }) {
  const saved = usePortfolioConsent(projectId);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Portfolio</CardTitle>
          {saved.data ? (
            <Badge variant={saved.data.showInPortfolio ? 'default' : 'secondary'} data-testid="portfolio-status">
              {saved.data.showInPortfolio
                ? saved.data.showCosts
                  ? 'Shown, with what it cost'
                  : 'Shown, without costs'
                : 'Not shown'}
            </Badge>
          ) : null}
        </div>
        <CardDescription>Whether your designer may show this project to other members.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={saved}
          size="sm"
          toast={false}
          loading="Loading your portfolio choice…"
          failed="Failed to load your portfolio choice"
        >
          {(choice) => (
            // Keyed by the saved choice, so the form starts again from what the database holds after each save.
            <ConsentForm
              key={`${choice.showInPortfolio}-${choice.showCosts}`}
              projectId={projectId}
              designerId={designerId}
              saved={choice}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ConsentForm({
  projectId,
  designerId,
  saved,
}: {
  projectId: string;
  designerId: string | null;
  saved: PortfolioConsent;
}) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdatePortfolioConsent(
    { projectId, designerId },
    {
      onSuccess: (saved) =>
        toast.success(saved.showInPortfolio ? 'Shown in the portfolio' : 'Removed from the portfolio'),
      onError: () => toast.error('Failed to save your portfolio choice'),
    },
  );
  const changed = draft.showInPortfolio !== saved.showInPortfolio || draft.showCosts !== saved.showCosts;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(draft);
      }}
    >
      <PortfolioConsentFields value={draft} onChange={setDraft} disabled={update.isPending} />
      <Button type="submit" disabled={!changed || update.isPending} aria-busy={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save portfolio choice'}
      </Button>
    </form>
  );
}
