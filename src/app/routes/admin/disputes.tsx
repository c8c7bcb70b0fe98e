import { Page } from '@/components/layouts/page';
import { DisputeQueue } from '@/features/admin/components/dispute-queue';

/** The console's disputes of funded milestones, /admin/disputes (docs/trust-and-safety.md, Disputes). */
export function Component() {
  return (
    <Page
      title="Disputes"
      description="Milestones whose money waits for a decision, and chargebacks the bank decides; the oldest first."
    >
      <DisputeQueue />
    </Page>
  );
}
