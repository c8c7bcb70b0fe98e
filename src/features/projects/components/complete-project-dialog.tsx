import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCompleteProject } from '@/features/projects/api/complete-project';
import { NO_PORTFOLIO_CONSENT, type PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';
import { PortfolioConsentFields } from '@/features/projects/components/portfolio-consent-fields';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  designerId: string | null;
  /** After the project is completed (the page then offers Rate Your Designer). */
  onCompleted: () => void;
};

/**
 * Mark as Complete, confirmed, with the customer's portfolio choices asked at the moment of completion
 * (docs/decisions/0017). Both start unticked: nothing is shown unless the customer says yes.
 */
export function CompleteProjectDialog({ open, onOpenChange, projectId, designerId, onCompleted }: Props) {
  const [consent, setConsent] = useState<PortfolioConsent>(NO_PORTFOLIO_CONSENT);
  const complete = useCompleteProject({
    onSuccess: () => {
      toast.success('Project marked as complete');
      onOpenChange(false);
      onCompleted();
    },
    onError: () => toast.error('Failed to complete project'),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not closed half-way through the update: the page waits for its answer.
        if (!complete.isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete this project</DialogTitle>
          <DialogDescription>
            Once it is complete, items and photos can no longer be added. You can change the portfolio choice later on
            this page.
          </DialogDescription>
        </DialogHeader>
        <PortfolioConsentFields value={consent} onChange={setConsent} disabled={complete.isPending} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => complete.mutate({ projectId, designerId, consent })}
            disabled={complete.isPending}
            aria-busy={complete.isPending}
          >
            {complete.isPending ? 'Completing…' : 'Mark as Complete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
