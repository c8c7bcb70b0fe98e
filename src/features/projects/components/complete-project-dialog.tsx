import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      // Not closed half-way through the update: the page waits for its answer.
      closeWhilePending={false}
      title="Complete this project"
      description="Once it is complete, items and photos can no longer be added. You can change the portfolio choice later on this page."
      onSubmit={(event) => {
        event.preventDefault();
        complete.mutate({ projectId, designerId, consent });
      }}
      pending={complete.isPending}
      submitLabel="Mark as Complete"
      pendingLabel="Completing…"
    >
      <PortfolioConsentFields value={consent} onChange={setConsent} disabled={complete.isPending} />
    </FormDialog>
  );
}
